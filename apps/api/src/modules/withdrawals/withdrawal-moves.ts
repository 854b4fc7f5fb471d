import type { WithdrawalStatus } from '@vaultline/shared';
import { Decimal } from '@vaultline/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { withdrawals } from '../../db/schema';
import type { LedgerService } from '../ledger/ledger.service';

/**
 * The one place a withdrawal changes state, and the three ledger entries it moves money with
 * (decision 0054). Every path (the user's request and cancel, the admin's review, the payout engine,
 * the SEPA batches) uses these inside its own transaction, so a state and its money move together:
 *
 *   request            withdrawal_hold     user −total, held +total
 *   cancel/reject/fail withdrawal_release  held −total, user +total
 *   completed          withdrawal          held −total, external +amount, fee +fee
 *
 * (kind, reference = the withdrawal's id) posts at most once, so a second completion or release of
 * the same withdrawal moves nothing; the state moves are conditional on the state they leave, so a
 * withdrawal is released or completed, never both.
 */
export type WithdrawalRow = typeof withdrawals.$inferSelect;

type Ledger = Pick<LedgerService, 'post'>;

const total = (w: Pick<WithdrawalRow, 'amount' | 'fee'>) => new Decimal(w.amount).plus(w.fee);

/**
 * Moves a withdrawal from one of `from` to what `set` says, in one conditional update; returns the
 * row as it is now, or undefined when it was not in one of `from` (another path moved it first).
 */
export async function moveWithdrawal(
  tx: DbOrTx,
  id: string,
  from: readonly WithdrawalStatus[],
  set: Partial<Omit<WithdrawalRow, 'id' | 'userId' | 'assetId' | 'amount' | 'fee'>>,
): Promise<WithdrawalRow | undefined> {
  const [row] = await tx
    .update(withdrawals)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, [...from])))
    .returning();
  return row;
}

/** Holds amount + fee: the user's available balance falls (the database refuses below zero). */
export async function holdFunds(tx: DbOrTx, ledger: Ledger, w: WithdrawalRow): Promise<void> {
  const t = total(w);
  await ledger.post(tx, {
    kind: 'withdrawal_hold',
    reference: w.id,
    memo: 'withdrawal requested',
    legs: [
      { owner: { kind: 'user', userId: w.userId }, assetId: w.assetId, amount: t.neg() },
      { owner: { kind: 'held', userId: w.userId }, assetId: w.assetId, amount: t },
    ],
  });
}

/** Gives amount + fee back to the wallet (cancelled, rejected or failed). */
export async function releaseFunds(tx: DbOrTx, ledger: Ledger, w: WithdrawalRow): Promise<void> {
  const t = total(w);
  await ledger.post(tx, {
    kind: 'withdrawal_release',
    reference: w.id,
    memo: `withdrawal ${w.status}`,
    legs: [
      { owner: { kind: 'held', userId: w.userId }, assetId: w.assetId, amount: t.neg() },
      { owner: { kind: 'user', userId: w.userId }, assetId: w.assetId, amount: t },
    ],
  });
}

/** Takes the held amount out: the amount to the world outside, our fee to the fee account. */
export async function completeFunds(tx: DbOrTx, ledger: Ledger, w: WithdrawalRow): Promise<void> {
  const fee = new Decimal(w.fee);
  await ledger.post(tx, {
    kind: 'withdrawal',
    reference: w.id,
    memo: 'withdrawal completed',
    legs: [
      { owner: { kind: 'held', userId: w.userId }, assetId: w.assetId, amount: total(w).neg() },
      { owner: { kind: 'external' }, assetId: w.assetId, amount: new Decimal(w.amount) },
      ...(fee.gt(0) ? [{ owner: { kind: 'fee' } as const, assetId: w.assetId, amount: fee }] : []),
    ],
  });
}

/** Ends a withdrawal unpaid (cancelled, rejected, failed) and gives its money back, in `tx`. */
export async function endUnpaid(
  tx: DbOrTx,
  ledger: Ledger,
  id: string,
  from: readonly WithdrawalStatus[],
  to: 'cancelled' | 'rejected' | 'failed',
  set: Partial<Pick<WithdrawalRow, 'note' | 'decidedBy' | 'decidedAt'>> = {},
): Promise<WithdrawalRow | undefined> {
  const row = await moveWithdrawal(tx, id, from, { ...set, status: to });
  if (row) await releaseFunds(tx, ledger, row);
  return row;
}

/** Completes a withdrawal (paid) and takes its money out, in `tx`. */
export async function complete(
  tx: DbOrTx,
  ledger: Ledger,
  id: string,
  from: readonly WithdrawalStatus[],
  set: Partial<Pick<WithdrawalRow, 'txHash' | 'reference' | 'confirmations' | 'decidedBy'>> = {},
): Promise<WithdrawalRow | undefined> {
  const row = await moveWithdrawal(tx, id, from, { ...set, status: 'completed', completedAt: new Date() });
  if (row) await completeFunds(tx, ledger, row);
  return row;
}

/**
 * Told after a change committed: pushes the withdrawal to its owner's live room and e-mails them
 * (the withdrawals module implements it; the chain and admin paths call it with the rows they moved).
 */
export interface WithdrawalEvents {
  changed(row: WithdrawalRow): Promise<void>;
}
