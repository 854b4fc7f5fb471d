import type { ChainAdapter } from '../chain.types';
import type { UtxoKind } from './utxo-networks';

/**
 * What a sweep (utxo/sweeps.ts) needs of a UTXO network beyond the ChainAdapter interface: its node's
 * RPC, its kind (mainnet, testnet, regtest) and the account key as configured (with its origin when
 * given). Kept apart from the adapter's interface: only the UTXO family has it.
 */
export interface UtxoNode {
  call(method: string, params: unknown[]): Promise<unknown>;
  coin: 'BTC' | 'LTC';
  kind: UtxoKind;
  /** NET_XPUB as given: `[fingerprint/path]key` or the bare key. */
  accountKey: string;
}

const nodes = new WeakMap<ChainAdapter, UtxoNode>();

export function registerUtxoNode(adapter: ChainAdapter, node: UtxoNode): void {
  nodes.set(adapter, node);
}

/** The UTXO network's node behind this adapter, or undefined on another family. */
export function utxoNodeOf(adapter: ChainAdapter | undefined): UtxoNode | undefined {
  return adapter ? nodes.get(adapter) : undefined;
}
