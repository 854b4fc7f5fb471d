import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { chainPayoutBatches, chainPayouts } from '../../../db/schema';
import type { SignedBatch, SpentOutput } from '../chain.types';
import type { PayoutRow } from '../payouts.repository';

export type BatchRow = typeof chainPayoutBatches.$inferSelect;
export type BatchStatus = BatchRow['status'];
export interface BatchAttempt {
  txid: string;
  hex: string;
  fee: string;
  feeRate: number;
}

export const attemptsOf = (b: BatchRow): BatchAttempt[] => JSON.parse(b.attempts) as BatchAttempt[];
export const lastAttempt = (b: BatchRow): BatchAttempt => attemptsOf(b).at(-1) as BatchAttempt;
export const inputsOf = (b: BatchRow): SpentOutput[] =>
  (JSON.parse(b.inputs) as { txid: string; vout: number; amount: string }[]).map((u) => ({
    ...u,
    amount: BigInt(u.amount),
  }));
export const attemptOf = (s: SignedBatch): BatchAttempt => ({
  txid: s.txid,
  hex: s.hex,
  fee: s.fee.toString(),
  feeRate: s.feeRate,
});

export async function insertBatch(
  tx: DbOrTx,
  network: string,
  s: SignedBatch,
  head: number,
): Promise<BatchRow> {
  const [row] = await tx
    .insert(chainPayoutBatches)
    .values({
      network,
      status: 'signed',
      attempts: JSON.stringify([attemptOf(s)]),
      inputs: JSON.stringify(s.inputs.map((u) => ({ ...u, amount: u.amount.toString() }))),
      signedBlock: head,
    })
    .returning();
  if (!row) throw new Error('batch insert returned nothing');
  return row;
}

export function batchesIn(db: DbOrTx, network: string, statuses: BatchStatus[]) {
  return db
    .select()
    .from(chainPayoutBatches)
    .where(and(eq(chainPayoutBatches.network, network), inArray(chainPayoutBatches.status, statuses)))
    .orderBy(asc(chainPayoutBatches.createdAt));
}

export async function findBatch(db: DbOrTx, id: string, lock = false): Promise<BatchRow | undefined> {
  const q = db.select().from(chainPayoutBatches).where(eq(chainPayoutBatches.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Moves a batch on only from the state it was read in; undefined when something else moved it. */
export async function moveBatch(
  db: DbOrTx,
  id: string,
  from: BatchStatus[],
  set: Partial<typeof chainPayoutBatches.$inferInsert>,
): Promise<BatchRow | undefined> {
  const [row] = await db
    .update(chainPayoutBatches)
    .set(set)
    .where(and(eq(chainPayoutBatches.id, id), inArray(chainPayoutBatches.status, from)))
    .returning();
  return row;
}

/** The payouts a batch pays. */
export function payoutsOfBatch(db: DbOrTx, batchId: string): Promise<PayoutRow[]> {
  return db
    .select()
    .from(chainPayouts)
    .where(eq(chainPayouts.batchId, batchId))
    .orderBy(asc(chainPayouts.createdAt));
}
