/**
 * The networks the product can watch (DECISIONS §10) and the asset tickers on each. Pure data: the
 * configuration, the chain module and the migrations that name networks read it.
 */
export const WATCHABLE_NETWORKS = {
  ETH: {
    family: 'evm',
    native: 'ETH',
    token: 'USDT',
    defaultConfirmations: 12,
    name: 'Ethereum',
    // Below these a transfer is dust: recorded and held, never credited, refunded or paid out by
    // itself (an operator's gas for a token sweep is about 0.001-0.003 ETH; a refund of 1 USDT
    // costs more in gas than it is worth).
    defaultDust: { native: '0.005', token: '5' },
  },
  BSC: {
    family: 'evm',
    native: 'BNB',
    token: 'USDT-BEP20',
    defaultConfirmations: 15,
    name: 'BNB Smart Chain',
    defaultDust: { native: '0.002', token: '1' },
  },
} as const;
export type NetworkId = keyof typeof WATCHABLE_NETWORKS;
export const NETWORK_IDS = Object.keys(WATCHABLE_NETWORKS) as NetworkId[];

/** The watchable network an asset lives on (ETH and USDT on ETH, BNB and USDT-BEP20 on BSC). */
export function watchableNetworkOf(ticker: string): NetworkId | undefined {
  for (const id of NETWORK_IDS) {
    const n = WATCHABLE_NETWORKS[id];
    if (n.native === ticker || n.token === ticker) return id;
  }
  return undefined;
}

/**
 * The network a transaction hash belongs to, for claims on networks that are not watched: assets
 * that share a chain share it (a USDT transfer's hash is an Ethereum transaction), the others are
 * their own. Kept in step with migration 0018's backfill and the SQL function `tx_claim_network`
 * (migration 0034).
 */
export function claimNetworkOf(ticker: string): string {
  if (ticker === 'USDT-TRC20') return 'TRX';
  return watchableNetworkOf(ticker) ?? ticker;
}
