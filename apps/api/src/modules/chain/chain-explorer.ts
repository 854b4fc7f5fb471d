import type { ChainNetworkConfig } from '../../chain-config';
import { type NetworkId, watchableNetworkOf } from './chain-networks';

/** A link to a transaction on the explorer of a network (or an asset's network), when one is set. */
export function explorerLink(
  settings: Map<NetworkId, ChainNetworkConfig>,
  networkOrTicker: string | null,
  hash: string | null,
): string | null {
  const network = networkOrTicker
    ? ((settings.has(networkOrTicker as NetworkId) ? networkOrTicker : watchableNetworkOf(networkOrTicker)) as
        | NetworkId
        | undefined)
    : undefined;
  const pattern = network ? settings.get(network)?.explorerTxUrl : undefined;
  if (!pattern || !hash) return null;
  return pattern.includes('{hash}')
    ? pattern.replace('{hash}', hash)
    : `${pattern.replace(/\/?$/, '/')}${hash}`;
}
