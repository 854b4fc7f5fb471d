import { and, eq, max } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { chainAddresses } from '../../../db/schema';
import type { ChainAdapter } from '../chain.types';
import { bip84Deriver } from './bip84';
import { splitKeyOrigin, UTXO_PARAMS } from './utxo-networks';
import type { UtxoNode } from './utxo-node';

/** Indexes past the highest handed out whose addresses count as ours already. */
export const LOOK_AHEAD = 1000;

interface Derived {
  key: string;
  /** Indexes 0 to `upTo` of both chains are in `set`. */
  upTo: number;
  set: Set<string>;
}

/**
 * Whether a sweep's destination is one of the exchange's own addresses (decision 0055): a deposit
 * address handed out, the hot wallet, or an address of the account key not handed out yet: indexes
 * up to `LOOK_AHEAD` past the highest handed out, on the receive chain (0, where deposit addresses
 * are) and the change chain (1, which the operator's wallet on this account uses). A sweep there
 * would be booked as leaving and come back as a deposit or held coins. The derived addresses are kept
 * per network and only the new indexes derived when more are handed out (about 1 ms each: some 2 s
 * for the first check of a network, yielding to other requests every 100; then a lookup).
 */
export function createOwnAddresses() {
  const cache = new Map<string, Derived>();

  async function derived(network: string, node: UtxoNode, upTo: number): Promise<Derived> {
    const key = splitKeyOrigin(node.accountKey).key;
    let d = cache.get(network);
    if (!d || d.key !== key) {
      d = { key, upTo: -1, set: new Set() };
      cache.set(network, d);
    }
    if (upTo > d.upTo) {
      const params = UTXO_PARAMS[node.coin][node.kind];
      for (const chain of [0, 1] as const) {
        const at = bip84Deriver(key, params, chain);
        for (let i = d.upTo + 1; i <= upTo; i++) {
          d.set.add(at(i).toLowerCase());
          // About a millisecond each: the server answers others meanwhile.
          if (i % 100 === 0) await new Promise((r) => setImmediate(r));
        }
      }
      d.upTo = upTo;
    }
    return d;
  }

  return {
    async isOurs(db: DbOrTx, adapter: ChainAdapter, node: UtxoNode, to: string): Promise<boolean> {
      const network = adapter.network;
      const hot = adapter.utxoWallet ? adapter.normalAddress(adapter.utxoWallet.address) : undefined;
      if (to === hot) return true;
      const [handed] = await db
        .select({ address: chainAddresses.address })
        .from(chainAddresses)
        .where(and(eq(chainAddresses.network, network), eq(chainAddresses.address, to)))
        .limit(1);
      if (handed) return true;
      const [top] = await db
        .select({ index: max(chainAddresses.index) })
        .from(chainAddresses)
        .where(eq(chainAddresses.network, network));
      return (await derived(network, node, (top?.index ?? -1) + LOOK_AHEAD)).set.has(to.toLowerCase());
    },
    /** How many addresses are derived for a network (the tests' measure). */
    size: (network: string) => cache.get(network)?.set.size ?? 0,
  };
}
