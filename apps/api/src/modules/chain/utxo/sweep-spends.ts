import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { chainSweeps } from '../../../db/schema';
import type { OwnSpend } from '../chain.types';

/**
 * Sweeps whose inputs the scanner watches: those that may still be (or become) mined. An abandoned
 * one too: its signed bytes are out there, and mined after all it is booked (sweep-follow.ts).
 */
export const OPEN = ['built', 'broadcast', 'dropped', 'abandoned'] as const;

/**
 * The deposit outputs (`txid:vout`) of the network's open sweeps whose spend the scanner has not
 * recorded yet: the scanner reads their spends with the hot wallet's (utxo-adapter.ts `ownOf`).
 */
export async function sweepOutpoints(db: DbOrTx, network: string): Promise<Set<string>> {
  const rows = await db
    .select({ inputs: chainSweeps.inputs })
    .from(chainSweeps)
    .where(
      and(
        eq(chainSweeps.network, network),
        inArray(chainSweeps.status, [...OPEN]),
        isNull(chainSweeps.spentTxid),
      ),
    );
  return new Set(rows.flatMap((r) => r.inputs.map((i) => `${i.txid}:${i.vout}`)));
}

/**
 * Records, in the transaction that records block `block`, the first spend of an open sweep's input:
 * by which transaction, in which block. The sweep's own hash there means it was mined; another
 * means it never can be while that block stands.
 */
export async function recordSweepSpends(
  tx: DbOrTx,
  network: string,
  block: number,
  spends: OwnSpend[],
): Promise<void> {
  if (spends.length === 0) return;
  const open = await tx
    .select({ id: chainSweeps.id, inputs: chainSweeps.inputs })
    .from(chainSweeps)
    .where(
      and(
        eq(chainSweeps.network, network),
        inArray(chainSweeps.status, [...OPEN]),
        isNull(chainSweeps.spentTxid),
      ),
    );
  for (const s of open) {
    const mine = new Set(s.inputs.map((i) => `${i.txid}:${i.vout}`));
    const hit = spends.find((x) => mine.has(`${x.txid}:${x.vout}`));
    if (hit)
      await tx
        .update(chainSweeps)
        .set({ spentTxid: hit.by, spentBlock: block })
        .where(and(eq(chainSweeps.id, s.id), isNull(chainSweeps.spentTxid)));
  }
}

/** A reorganisation above `fork`: the spends recorded above it are forgotten (read again if mined again). */
export async function rewindSweepSpends(tx: DbOrTx, network: string, fork: number): Promise<void> {
  await tx
    .update(chainSweeps)
    .set({ spentTxid: null, spentBlock: null })
    .where(and(eq(chainSweeps.network, network), gt(chainSweeps.spentBlock, fork)));
}
