import { type Litecoind, startLitecoind, toCoin } from './litecoind';
import { toSatoshis } from './tx-size.js';

/**
 * A private Litecoin regtest chain for the transaction tests: litecoind.ts's node (free loopback
 * ports, a temporary data directory, mainnet relay policy, a wallet funded by mining 101 blocks).
 */
export type RegtestNode = Pick<Litecoind, 'call' | 'mine' | 'fund' | 'stop'>;

export { toCoin };
export const toSats = toSatoshis;

/** `replacement`: the node takes BIP 125 replacements (-mempoolreplacement=1). */
export function startRegtestNode(o: { replacement?: boolean } = {}): Promise<RegtestNode> {
  return startLitecoind({ replacement: o.replacement ?? false });
}
