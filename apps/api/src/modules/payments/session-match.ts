import { Decimal } from '@vaultline/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkouts } from '../../db/schema';
import type { CheckoutRequests } from './checkout-request';
import type { CheckoutRow } from './checkouts.repository';
import type { GatewayEvent, PaymentGateway } from './gateway';

type Completed = Extract<GatewayEvent, { type: 'checkout.completed' }>;

/** Why a completion was not applied (logged): each one leaves the books as they were. */
export type Mismatch = 'checkout' | 'session' | 'mode' | 'currency' | 'amount';

/**
 * Whether a completion is the payment of this checkout: the session we opened for it (a completion
 * only names the checkout, which any Payment Link or pricing table of the account accepts in its
 * URL), in the checkout's mode, currency and amount. Null when it is.
 */
export function mismatch(c: CheckoutRow | undefined, e: Completed): Mismatch | null {
  if (!c) return 'checkout';
  if (!c.sessionId || c.sessionId !== e.sessionId) return 'session';
  if (e.mode !== (c.purpose === 'premium' ? 'subscription' : 'payment')) return 'mode';
  if (e.currency?.toUpperCase() !== c.currency.toUpperCase()) return 'currency';
  if (e.amount === null || !new Decimal(e.amount).eq(c.amount)) return 'amount';
  return null;
}

/**
 * A checkout whose session id we never stored (the gateway answered, then we crashed): the gateway
 * is asked again with the checkout's idempotency key and the same request, and answers the session
 * it opened for it (a new one, never paid, if the first call did not reach it). Stored, so the
 * completion can be matched to it.
 */
export function createSessionLookup(deps: {
  db: Db;
  gateway: Pick<PaymentGateway, 'createCheckout'>;
  requestOf: CheckoutRequests;
}) {
  return async function storedSession(c: CheckoutRow): Promise<string> {
    if (c.sessionId) return c.sessionId;
    const s = await deps.gateway.createCheckout(await deps.requestOf(c));
    const [row] = await deps.db
      .update(checkouts)
      .set({ sessionId: s.sessionId, updatedAt: new Date() })
      .where(and(eq(checkouts.id, c.id), isNull(checkouts.sessionId)))
      .returning({ sessionId: checkouts.sessionId });
    return row?.sessionId ?? s.sessionId;
  };
}
