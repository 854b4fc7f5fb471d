import { TransactionStatus } from '@vaultline/shared';

export type StatusKey =
  | 'NotProcessed'
  | 'Failed'
  | 'Success'
  | 'Pending'
  | 'AwaitingVerification'
  | 'Unknown';

export interface StatusView {
  /** i18n key under Exchange.Status. */
  key: StatusKey;
  /** Progress in percent; null when there is no progress to show (failed, unknown). */
  percent: number | null;
  /** Headline: in progress, done or failed (spec-1 §4). */
  phase: 'InProgress' | 'Done' | 'Failed' | 'Unknown';
  tone: 'success' | 'danger' | 'warning' | 'neutral';
}

/**
 * spec-1 §4 status page: notProcessed "in progress 25%", pending "in progress 50%", success "Done
 * 100%", failed "Failed". awaitingVerification is an earlier step than pending, shown as 25%.
 */
export function statusView(status: number | null | undefined): StatusView {
  switch (status) {
    case TransactionStatus.notProcessed:
      return { key: 'NotProcessed', percent: 25, phase: 'InProgress', tone: 'warning' };
    case TransactionStatus.awaitingVerification:
      return { key: 'AwaitingVerification', percent: 25, phase: 'InProgress', tone: 'warning' };
    case TransactionStatus.pending:
      return { key: 'Pending', percent: 50, phase: 'InProgress', tone: 'warning' };
    case TransactionStatus.success:
      return { key: 'Success', percent: 100, phase: 'Done', tone: 'success' };
    case TransactionStatus.failed:
      return { key: 'Failed', percent: null, phase: 'Failed', tone: 'danger' };
    default:
      return { key: 'Unknown', percent: null, phase: 'Unknown', tone: 'neutral' };
  }
}
