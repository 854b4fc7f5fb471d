import type { ExchangeRow } from './exchange.repository';

/**
 * Whether a manual exchange's quote has lapsed: it holds for the expiry window from its creation,
 * and only if the guest confirmed the deposit within it (a confirmation made later, before the
 * guest's confirmation was refused past the window, does not revive it). A lapsed quote is never
 * settled at its rate: the admin records what arrived and requotes it at today's.
 */
export function quoteLapsed(
  r: Pick<ExchangeRow, 'creationDate' | 'confirmedAt'>,
  expiryMinutes: number,
  now: number = Date.now(),
): boolean {
  const deadline = r.creationDate.getTime() + expiryMinutes * 60_000;
  return r.confirmedAt ? r.confirmedAt.getTime() > deadline : now > deadline;
}
