import { type ExchangeStage, TransactionStatus } from '@vaultline/shared';

export type StepKey =
  | 'Created'
  | 'DepositSent'
  | 'Checking'
  | 'Outcome'
  | 'DepositSeen'
  | 'Confirming'
  | 'Sending';
/** done / current / waiting for later / on hold / failed here / passed over (never happened). */
export type StepState = 'done' | 'current' | 'todo' | 'hold' | 'failed' | 'skipped';

export interface TrackingStep {
  key: StepKey;
  state: StepState;
}

/**
 * The guest exchange's path (DECISIONS §4): created -> deposit sent (the guest's hash, status 3 until
 * then) -> being checked (pending 2; notProcessed -1 is an admin's hold) -> success (1) or failed (0).
 * A failure without a hash (an expired or refused unpaid exchange) never reached the two middle steps.
 */
export function trackingSteps(e: { status: number; transactionHash: string | null }): TrackingStep[] {
  const sent = Boolean(e.transactionHash);
  const step = (key: StepKey, state: StepState): TrackingStep => ({ key, state });
  switch (e.status) {
    case TransactionStatus.awaitingVerification:
      return [
        step('Created', 'done'),
        step('DepositSent', 'current'),
        step('Checking', 'todo'),
        step('Outcome', 'todo'),
      ];
    case TransactionStatus.pending:
      return [
        step('Created', 'done'),
        step('DepositSent', 'done'),
        step('Checking', 'current'),
        step('Outcome', 'todo'),
      ];
    case TransactionStatus.notProcessed:
      return [
        step('Created', 'done'),
        step('DepositSent', sent ? 'done' : 'skipped'),
        step('Checking', 'hold'),
        step('Outcome', 'todo'),
      ];
    case TransactionStatus.success:
      return [
        step('Created', 'done'),
        step('DepositSent', 'done'),
        step('Checking', 'done'),
        step('Outcome', 'done'),
      ];
    case TransactionStatus.failed:
      return [
        step('Created', 'done'),
        step('DepositSent', sent ? 'done' : 'skipped'),
        step('Checking', sent ? 'done' : 'skipped'),
        step('Outcome', 'failed'),
      ];
    default:
      return [
        step('Created', 'done'),
        step('DepositSent', 'todo'),
        step('Checking', 'todo'),
        step('Outcome', 'todo'),
      ];
  }
}

/** The server's note on an exchange it expired (exchange.service EXPIRED_NOTE). */
export const EXPIRED_NOTE = 'Expired';

/** What the chain steps read of an exchange on a watched network (DECISIONS §10). */
export interface ChainProgress {
  status: number;
  stage: ExchangeStage | null;
  transactionHash: string | null;
  depositConfirmations: number | null;
  requiredConfirmations: number | null;
  refunded: boolean;
}

/**
 * The path of an exchange on a watched network: created -> deposit seen on chain -> confirmations
 * counted -> exchanged and sent -> success or failed (a refund). The stage (from the server) says
 * where it is; a review by the team holds it at the step it reached.
 */
export function chainTrackingSteps(e: ChainProgress): TrackingStep[] {
  const step = (key: StepKey, state: StepState): TrackingStep => ({ key, state });
  const seen = Boolean(e.transactionHash);
  const confirmed = (e.depositConfirmations ?? 0) >= (e.requiredConfirmations ?? 1);
  const path = (a: StepState, b: StepState, c: StepState, d: StepState) => [
    step('Created', 'done'),
    step('DepositSeen', a),
    step('Confirming', b),
    step('Sending', c),
    step('Outcome', d),
  ];
  switch (e.stage) {
    case 'awaitingDeposit':
      return path('current', 'todo', 'todo', 'todo');
    case 'confirming':
      return path('done', 'current', 'todo', 'todo');
    case 'exchanging':
    case 'sending':
      return path('done', 'done', 'current', 'todo');
    case 'review':
      return seen && confirmed
        ? path('done', 'done', 'hold', 'todo')
        : path(seen ? 'done' : 'skipped', 'hold', 'todo', 'todo');
    case 'done':
      return path('done', 'done', 'done', 'done');
    case 'failed':
      return seen
        ? path('done', 'done', e.refunded ? 'done' : 'skipped', 'failed')
        : path('skipped', 'skipped', 'skipped', 'failed');
    default:
      return trackingSteps(e);
  }
}
