import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../../db/client';
import { chainPayoutBatches, chainUtxos } from '../../../db/schema';
import { recordSystem } from '../../audit/audit.service';
import type { UtxoWallet } from '../chain.types';
import { movePayout, type PayoutRow } from '../payouts.repository';
import { attemptsOf, type BatchRow, moveBatch, payoutsOfBatch } from './batches.repository';

/**
 * Why no attempt of a batch can ever be mined, from the scanner's rows, or null while the chain does
 * not say so for sure (decision 0056). Every attempt spends the same inputs, so one input gone for
 * good ends them all: spent by a transaction that is none of the attempts, in a block at or below
 * `finalBlock` (the network's confirmations deep), or never to exist, its creating transaction
 * conflicting with one that deep (a double spend of the hot wallet's funding after a reorganisation),
 * or an attempt of another batch of ours that ended without it (failed, or confirmed with another).
 * Shallower than that, a reorganisation could still undo it: nothing changes.
 */
export async function deadBatchReason(
  db: DbOrTx,
  b: BatchRow,
  finalBlock: number,
  inChain: (outpoint: { txid: string; vout: number }) => Promise<boolean>,
): Promise<string | null> {
  const attempts = new Set(attemptsOf(b).map((a) => a.txid));
  const inputs = await db
    .select()
    .from(chainUtxos)
    .where(and(eq(chainUtxos.network, b.network), eq(chainUtxos.batchId, b.id)));
  for (const u of inputs) {
    if (u.spentTxid && !attempts.has(u.spentTxid) && u.spentBlock !== null && u.spentBlock <= finalBlock)
      return `input ${u.txid}:${u.vout} was spent by ${u.spentTxid} (block ${u.spentBlock})`;
    if (u.conflictTxid && u.conflictBlock !== null && u.conflictBlock <= finalBlock)
      return `input ${u.txid}:${u.vout} can never exist: its transaction conflicts with ${u.conflictTxid} (block ${u.conflictBlock})`;
    // Looked up only for an input the node does not hold: the usual case costs no search of the batches.
    const parent = u.spentTxid || (await inChain(u)) ? null : await endedParent(db, b, u.txid);
    if (parent) return `input ${u.txid}:${u.vout} can never exist: ${parent}`;
  }
  return null;
}

/**
 * Why the transaction `txid`, an attempt of another of our batches, can never be mined, or null: that
 * batch ended failed, or was confirmed with another of its attempts. Both are ends the chain made
 * certain (at the network's confirmations), so an output of ours it creates (the change a batch spent
 * before it was final, decision 0056) never exists: the batch spending it ends the same way.
 */
async function endedParent(db: DbOrTx, b: BatchRow, txid: string): Promise<string | null> {
  const [p] = await db
    .select()
    .from(chainPayoutBatches)
    .where(
      and(
        eq(chainPayoutBatches.network, b.network),
        ne(chainPayoutBatches.id, b.id),
        inArray(chainPayoutBatches.status, ['failed', 'confirmed']),
        sql`${chainPayoutBatches.attempts}::jsonb @> ${JSON.stringify([{ txid }])}::jsonb`,
      ),
    )
    .limit(1);
  if (!p || (p.status === 'confirmed' && p.minedTxid === txid)) return null;
  return p.status === 'failed'
    ? `its transaction is an attempt of payout batch ${p.id}, which ended failed`
    : `its transaction is an attempt of payout batch ${p.id}, which was confirmed with ${p.minedTxid}`;
}

/** The outputs a batch took and the chain has not spent, as `txid:vout`, that the node does not hold. */
export async function inputsOutOfChain(
  db: DbOrTx,
  b: BatchRow,
  inChain: (outpoint: { txid: string; vout: number }) => Promise<boolean>,
): Promise<Set<string>> {
  const out = new Set<string>();
  const rows = await db
    .select()
    .from(chainUtxos)
    .where(
      and(eq(chainUtxos.network, b.network), eq(chainUtxos.batchId, b.id), isNull(chainUtxos.spentTxid)),
    );
  for (const u of rows) if (!(await inChain(u))) out.add(`${u.txid}:${u.vout}`);
  return out;
}

/**
 * Ends a batch none of whose attempts can be mined, in one transaction: the batch failed with the
 * reason; its payouts back in the queue (paid again by a new batch: never twice, since this one can
 * never be mined); its inputs that will never exist forgotten, and those the node does not hold
 * (`gone`, read before: recorded again when the scanner reads a block that mines them); the others
 * freed. Undefined when something else moved the batch meanwhile.
 */
export async function dropBatch(
  tx: Tx,
  b: BatchRow,
  reason: string,
  gone: Set<string>,
): Promise<PayoutRow[] | undefined> {
  const row = await moveBatch(tx, b.id, ['signed', 'sent'], { status: 'failed', lastError: reason });
  if (!row) return undefined;
  // No admin did it: the system's row in the audit log, committed with the change.
  await recordSystem(tx, {
    action: 'payoutBatch.failed',
    targetType: 'payoutBatch',
    targetId: b.id,
    before: { status: b.status },
    after: { status: 'failed', reason, payouts: (await payoutsOfBatch(tx, b.id)).map((p) => p.id) },
  });
  const mine = and(eq(chainUtxos.network, b.network), eq(chainUtxos.batchId, b.id));
  await tx.delete(chainUtxos).where(and(mine, isNotNull(chainUtxos.conflictTxid)));
  for (const u of await tx
    .select()
    .from(chainUtxos)
    .where(and(mine, isNull(chainUtxos.spentTxid))))
    if (gone.has(`${u.txid}:${u.vout}`))
      await tx.delete(chainUtxos).where(and(mine, eq(chainUtxos.txid, u.txid), eq(chainUtxos.vout, u.vout)));
  await tx.update(chainUtxos).set({ batchId: null }).where(mine);
  const moved: PayoutRow[] = [];
  for (const p of await payoutsOfBatch(tx, b.id)) {
    const r = await movePayout(tx, p.id, ['signed', 'sent'], {
      status: 'queued',
      reason: 'dropped',
      lastError: reason,
      batchId: null,
      txHash: null,
      signedAt: null,
      signedBlock: null,
    });
    if (r) moved.push(r);
  }
  return moved;
}

/**
 * Ends the batch if the chain says for sure that none of its attempts can be mined: the admins are
 * told (an ALERT line, the payouts' reason `dropped` with the words), the payouts paid again.
 */
export async function endIfDead(
  o: {
    db: Db;
    wallet: Pick<UtxoWallet, 'unspent'>;
    log: { warn(o: object, msg: string): void };
    changed: (rows: PayoutRow[]) => Promise<void>;
  },
  b: BatchRow,
  finalBlock: number,
): Promise<boolean> {
  const inChain = (u: { txid: string; vout: number }) => o.wallet.unspent(u.txid, u.vout);
  const reason = await deadBatchReason(o.db, b, finalBlock, inChain);
  if (!reason) return false;
  const gone = await inputsOutOfChain(o.db, b, inChain);
  const rows = await o.db.transaction((tx) => dropBatch(tx, b, reason, gone));
  if (!rows) return false;
  o.log.warn(
    { network: b.network, batch: b.id, reason, payouts: rows.map((r) => r.id) },
    `${b.network}: ALERT payout batch ${b.id} can never be mined (${reason}); its ${rows.length} payout(s) are queued to be paid again`,
  );
  await o.changed(rows);
  return true;
}
