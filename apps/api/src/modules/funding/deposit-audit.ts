import { TransactionStatus } from '@vaultline/shared';
import type { AuditRecord } from '../audit/audit.service';
import type { DepositRow } from './funding.repository';

/** The audit row of an admin's decision on a deposit awaiting verification (the only kind decided). */
export function decisionAudit(
  actorId: string,
  action: 'deposit.approve' | 'deposit.reject',
  d: DepositRow,
  journalEntryId: string | null,
): AuditRecord {
  return {
    actorId,
    action,
    targetType: 'deposit',
    targetId: d.id,
    before: { status: TransactionStatus.awaitingVerification },
    after: { status: d.status, adminNotes: d.adminNotes, journalEntryId, userId: d.userId },
  };
}
