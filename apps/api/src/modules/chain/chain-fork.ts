import type { DbOrTx } from '../../db/client';
import { storedBlock } from './chain.repository';
import type { ChainAdapter } from './chain.types';

/**
 * The highest block below `from`, and not below `floor`, that the node still has with the hash the
 * scanner stored: where the chain forked. Undefined when there is none (a reorganisation deeper than
 * the floor). The stored blocks link up, and so do the node's: when the one at the floor differs,
 * every one above it does too, so that is checked first (one call instead of a walk of the window).
 */
export async function findFork(
  db: DbOrTx,
  adapter: ChainAdapter,
  from: number,
  floor: number,
): Promise<number | undefined> {
  const network = adapter.network;
  const bottom = floor < from ? await storedBlock(db, network, floor) : undefined;
  if (!bottom || (await adapter.blockRef(floor))?.hash !== bottom.hash) return undefined;
  for (let n = from - 1; n >= floor; n--) {
    const stored = await storedBlock(db, network, n);
    if (!stored) return undefined;
    const ref = await adapter.blockRef(n);
    if (ref && ref.hash === stored.hash) return n;
  }
  return undefined;
}
