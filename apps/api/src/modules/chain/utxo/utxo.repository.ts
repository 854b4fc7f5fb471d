import { and, eq, gt, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { chainPayoutBatches, chainUtxos } from '../../../db/schema';
import type { OwnOutput, OwnSpend, SpentOutput } from '../chain.types';

/**
 * The outpoints whose spends the scanner records (its `own`), as `txid:vout`: the hot wallet's outputs
 * not yet spent on chain, and the parents of those taken by a batch, so that a transaction spending a
 * parent other than the output's own creator (a double spend) is recorded as its conflict.
 */
export async function unspentOutpoints(db: DbOrTx, network: string): Promise<Set<string>> {
  const rows = await db
    .select({
      txid: chainUtxos.txid,
      vout: chainUtxos.vout,
      batchId: chainUtxos.batchId,
      parents: chainUtxos.parents,
    })
    .from(chainUtxos)
    .where(and(eq(chainUtxos.network, network), isNull(chainUtxos.spentTxid)));
  const out = new Set<string>();
  for (const r of rows) {
    out.add(`${r.txid}:${r.vout}`);
    if (r.batchId !== null) for (const p of r.parents ?? []) out.add(p);
  }
  return out;
}

/**
 * Records a block's outputs to the hot wallet and marks the ones it spends, in the transaction that
 * records the block (the scanner's). An output read again (mined again after a reorganisation) takes
 * its new block.
 */
export async function recordOwn(
  tx: DbOrTx,
  network: string,
  block: number,
  own: { outputs: OwnOutput[]; spends: OwnSpend[] },
): Promise<void> {
  if (own.outputs.length > 0)
    await tx
      .insert(chainUtxos)
      .values(
        own.outputs.map((u) => ({
          network,
          txid: u.txid,
          vout: u.vout,
          amount: u.amountRaw,
          blockNumber: block,
          parents: u.parents ?? null,
        })),
      )
      .onConflictDoUpdate({
        target: [chainUtxos.network, chainUtxos.txid, chainUtxos.vout],
        set: { blockNumber: block },
      });
  for (const s of own.spends) {
    await tx
      .update(chainUtxos)
      .set({ spentTxid: s.by, spentBlock: block })
      .where(and(eq(chainUtxos.network, network), eq(chainUtxos.txid, s.txid), eq(chainUtxos.vout, s.vout)));
    // A parent of a taken output spent by another transaction than the output's creator: that
    // creator can never be mined (nor the output exist) while this spend stands.
    await tx
      .update(chainUtxos)
      .set({ conflictTxid: s.by, conflictBlock: block })
      .where(
        and(
          eq(chainUtxos.network, network),
          isNotNull(chainUtxos.batchId),
          ne(chainUtxos.txid, s.by),
          sql`${chainUtxos.parents} @> ${JSON.stringify([`${s.txid}:${s.vout}`])}::jsonb`,
        ),
      );
  }
}

/**
 * A reorganisation above `fork`: the outputs read above it are forgotten, their spends undone. One
 * taken by a stored batch is kept, still taken: that batch may be mined with it once it is mined
 * again, so no other batch may ever spend it.
 */
export async function rewindOwn(tx: DbOrTx, network: string, fork: number): Promise<void> {
  await tx
    .delete(chainUtxos)
    .where(
      and(eq(chainUtxos.network, network), gt(chainUtxos.blockNumber, fork), isNull(chainUtxos.batchId)),
    );
  await tx
    .update(chainUtxos)
    .set({ spentTxid: null, spentBlock: null })
    .where(and(eq(chainUtxos.network, network), gt(chainUtxos.spentBlock, fork)));
  await tx
    .update(chainUtxos)
    .set({ conflictTxid: null, conflictBlock: null })
    .where(and(eq(chainUtxos.network, network), gt(chainUtxos.conflictBlock, fork)));
}

/**
 * Outputs a new batch may spend: unspent on chain, taken by no stored batch, and final: in a block at
 * or below `finalBlock` (the network's confirmations deep), or the change of one of our own batches
 * (its mined attempt), which only a reorganisation replacing that attempt by another could undo
 * (decision 0056). An output a reorganisation could take away for good (its funding double spent)
 * is never spent before it is final.
 */
export async function freeOutputs(db: DbOrTx, network: string, finalBlock: number): Promise<SpentOutput[]> {
  const rows = await db
    .select()
    .from(chainUtxos)
    .where(
      and(
        eq(chainUtxos.network, network),
        isNull(chainUtxos.spentTxid),
        isNull(chainUtxos.batchId),
        or(
          lte(chainUtxos.blockNumber, finalBlock),
          sql`${chainUtxos.txid} in (select ${chainPayoutBatches.minedTxid} from ${chainPayoutBatches}
            where ${chainPayoutBatches.network} = ${network} and ${chainPayoutBatches.minedTxid} is not null)`,
        ),
      ),
    );
  return rows.map((r) => ({ txid: r.txid, vout: r.vout, amount: r.amount }));
}

/** What the hot wallet holds on chain (unspent outputs), in satoshis. */
export async function unspentTotal(db: DbOrTx, network: string): Promise<bigint> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${chainUtxos.amount}), 0)::text` })
    .from(chainUtxos)
    .where(and(eq(chainUtxos.network, network), isNull(chainUtxos.spentTxid)));
  return BigInt(row?.sum ?? '0');
}

/**
 * Takes these outputs for a batch, only if no other batch took them: false (and nothing taken)
 * otherwise. In the signing transaction.
 */
export async function takeOutputs(
  tx: DbOrTx,
  network: string,
  batchId: string,
  inputs: SpentOutput[],
): Promise<boolean> {
  let taken = 0;
  for (const u of inputs) {
    const rows = await tx
      .update(chainUtxos)
      .set({ batchId })
      .where(
        and(
          eq(chainUtxos.network, network),
          eq(chainUtxos.txid, u.txid),
          eq(chainUtxos.vout, u.vout),
          isNull(chainUtxos.batchId),
          isNull(chainUtxos.spentTxid),
        ),
      )
      .returning({ txid: chainUtxos.txid });
    taken += rows.length;
  }
  return taken === inputs.length;
}
