import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { chainUtxos } from '../../../db/schema';
import type { OwnOutput, OwnSpend, SpentOutput } from '../chain.types';

/** The hot wallet's outputs not yet spent on chain, as `txid:vout` (the scanner's `own`). */
export async function unspentOutpoints(db: DbOrTx, network: string): Promise<Set<string>> {
  const rows = await db
    .select({ txid: chainUtxos.txid, vout: chainUtxos.vout })
    .from(chainUtxos)
    .where(and(eq(chainUtxos.network, network), isNull(chainUtxos.spentTxid)));
  return new Set(rows.map((r) => `${r.txid}:${r.vout}`));
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
        })),
      )
      .onConflictDoUpdate({
        target: [chainUtxos.network, chainUtxos.txid, chainUtxos.vout],
        set: { blockNumber: block },
      });
  for (const s of own.spends)
    await tx
      .update(chainUtxos)
      .set({ spentTxid: s.by, spentBlock: block })
      .where(and(eq(chainUtxos.network, network), eq(chainUtxos.txid, s.txid), eq(chainUtxos.vout, s.vout)));
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
}

/** Outputs a new batch may spend: unspent on chain and taken by no stored batch. */
export async function freeOutputs(db: DbOrTx, network: string): Promise<SpentOutput[]> {
  const rows = await db
    .select()
    .from(chainUtxos)
    .where(and(eq(chainUtxos.network, network), isNull(chainUtxos.spentTxid), isNull(chainUtxos.batchId)));
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
