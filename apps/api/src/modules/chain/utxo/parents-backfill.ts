import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { chainUtxos } from '../../../db/schema';
import type { UtxoWallet } from '../chain.types';

/** At most this many transactions are read from the node per pass (a backlog is filled over passes). */
const PER_PASS = 20;

/** Where the next pass goes on: after this creating transaction (rows the node cannot show are passed over). */
export interface BackfillCursor {
  after: string;
}

/**
 * Fills the parents of the hot wallet's unspent outputs recorded before they were kept (migration
 * 0040): without them a double spend of their funding is never seen (decision 0056). Each creating
 * transaction is read from the node with its block's hash (no transaction index needed); `check` (the
 * job's lease) runs before each write; one the node cannot show is left (a warning) and the next pass
 * goes on after it (`cursor`, back to the start once the end is reached), so unreadable rows never
 * hold the others back. Returns how many transactions it filled.
 */
export async function backfillParents(
  db: Db,
  network: string,
  wallet: Pick<UtxoWallet, 'parentsOf'>,
  log: { warn(o: object, msg: string): void },
  check: () => void,
  cursor: BackfillCursor,
): Promise<number> {
  const rows = await db
    .selectDistinct({ txid: chainUtxos.txid, blockNumber: chainUtxos.blockNumber })
    .from(chainUtxos)
    .where(
      and(
        eq(chainUtxos.network, network),
        isNull(chainUtxos.spentTxid),
        isNull(chainUtxos.parents),
        gt(chainUtxos.txid, cursor.after),
      ),
    )
    .orderBy(asc(chainUtxos.txid))
    .limit(PER_PASS);
  cursor.after = rows.length < PER_PASS ? '' : (rows[rows.length - 1]?.txid ?? '');
  let filled = 0;
  for (const r of rows) {
    let parents: string[];
    try {
      parents = await wallet.parentsOf(r.txid, r.blockNumber);
    } catch (err) {
      // A pruned node without that block any more, say: the output is still paid from; said each pass.
      log.warn(
        { network, txid: r.txid, err },
        `${network}: the parents of hot-wallet transaction ${r.txid} cannot be read from the node; a double spend of its funding would not be seen`,
      );
      continue;
    }
    check();
    await db
      .update(chainUtxos)
      .set({ parents })
      .where(and(eq(chainUtxos.network, network), eq(chainUtxos.txid, r.txid), isNull(chainUtxos.parents)));
    filled++;
  }
  return filled;
}
