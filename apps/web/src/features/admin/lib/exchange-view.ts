import { type AdminExchange, TransactionStatus } from '@vaultline/shared';
import type { Tone } from '../components/admin-ui';

/** The e-mail hidden until asked for: its first character and the domain ("j•••@example.com"). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** The start of a hash for the list's badge ("0x12ab34cd…"). */
export function hashPrefix(hash: string, length = 10): string {
  return hash.length > length ? `${hash.slice(0, length)}…` : hash;
}

export type ExchangeAction = 'approve' | 'reject' | 'requote' | 'refund';

/**
 * What an admin can still do (spec-2 §4): Approve is hidden once success, Reject once failed; the
 * server keeps success final, so nothing is offered then. A received amount that differs from the
 * quote is settled by a requote or a refund instead of a plain approval.
 */
export function exchangeActions(
  e: Pick<
    AdminExchange,
    'status' | 'difference' | 'refundedAt' | 'network' | 'transactionHash' | 'holdReason'
  >,
): ExchangeAction[] {
  if (e.status === TransactionStatus.success) return [];
  // A watched exchange with a deposit moves with its chain (DECISIONS §10): an admin steps in only
  // where the product held it: approve a payout sent by hand, else requote or refund.
  if (e.network && e.transactionHash) {
    if (e.holdReason === 'manualPayout') return ['approve'];
    if (e.holdReason && e.holdReason !== 'payoutFailed' && e.refundedAt === null)
      return ['requote', 'refund'];
    return [];
  }
  const out: ExchangeAction[] = [];
  if (e.difference !== null && e.refundedAt === null) out.push('requote', 'refund');
  else out.push('approve');
  if (e.status !== TransactionStatus.failed) out.push('reject');
  return out;
}

/** Status i18n key (under Exchange.Status) and badge colour. */
export function exchangeStatusView(status: number): { key: string; tone: Tone } {
  switch (status) {
    case TransactionStatus.success:
      return { key: 'Success', tone: 'success' };
    case TransactionStatus.failed:
      return { key: 'Failed', tone: 'danger' };
    case TransactionStatus.pending:
      return { key: 'Pending', tone: 'warning' };
    case TransactionStatus.awaitingVerification:
      return { key: 'AwaitingVerification', tone: 'warning' };
    case TransactionStatus.notProcessed:
      return { key: 'NotProcessed', tone: 'neutral' };
    default:
      return { key: 'Unknown', tone: 'neutral' };
  }
}
