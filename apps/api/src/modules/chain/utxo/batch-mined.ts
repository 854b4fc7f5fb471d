import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { chainNetworks, chainUtxos } from '../../../db/schema';
import { attemptsOf, type BatchRow } from './batches.repository';

export interface MinedAttempt {
  txid: string;
  /** Satoshis: what the attempt's inputs held minus what it pays (stored when it was signed). */
  fee: bigint;
  height: number;
  /** In what the scanner read: its last block read minus `height`, plus one. */
  confirmations: number;
}

/**
 * Which attempt of a batch the chain mined, from the scanner's own rows: its inputs are marked spent,
 * with the spending transaction and its block, in the transaction that records that block (and
 * unmarked when a reorganisation takes the block away). Wherever the attempt was mined, even below the
 * height the batch was signed at (a reorganisation's branch), and at no cost growing with the chain.
 * Read in one statement with the last block read, so the confirmations are those of one view.
 */
export async function minedAttempt(db: DbOrTx, b: BatchRow): Promise<MinedAttempt | null> {
  const attempts = new Map(attemptsOf(b).map((a) => [a.txid, a]));
  const rows = await db
    .select({
      spentTxid: chainUtxos.spentTxid,
      spentBlock: chainUtxos.spentBlock,
      scanned: chainNetworks.scannedBlock,
    })
    .from(chainUtxos)
    .innerJoin(chainNetworks, eq(chainNetworks.network, chainUtxos.network))
    .where(
      and(eq(chainUtxos.network, b.network), eq(chainUtxos.batchId, b.id), isNotNull(chainUtxos.spentTxid)),
    );
  for (const r of rows) {
    const a = attempts.get(r.spentTxid ?? '');
    if (!a || r.spentBlock === null || r.scanned === null || r.spentBlock > r.scanned) continue;
    return {
      txid: a.txid,
      fee: BigInt(a.fee),
      height: r.spentBlock,
      confirmations: r.scanned - r.spentBlock + 1,
    };
  }
  return null;
}
