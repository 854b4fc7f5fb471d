import type { AuditAction } from '@vaultline/shared';
import type { AuditRecord } from '../audit/audit.service';
import type { ExchangeRow } from './exchange.repository';

/** The fields of an exchange an admin's decision may change (never the guest's e-mail). */
const FIELDS = [
  'status',
  'adminNotes',
  'amountReceived',
  'amount',
  'destinationAmount',
  'rate',
  'fee',
  'usdValue',
  'refundAddress',
  'payoutHash',
  'journalEntryId',
] as const satisfies readonly (keyof ExchangeRow)[];

/** The audit row of an admin's change to a guest exchange: the status and whatever else changed. */
export function exchangeAudit(
  actorId: string,
  action: AuditAction,
  before: ExchangeRow,
  after: ExchangeRow,
): AuditRecord {
  const changed = FIELDS.filter((f) => f === 'status' || before[f] !== after[f]);
  return {
    actorId,
    action,
    targetType: 'exchange',
    targetId: after.id,
    before: Object.fromEntries(changed.map((f) => [f, before[f]])),
    after: Object.fromEntries(changed.map((f) => [f, after[f]])),
  };
}
