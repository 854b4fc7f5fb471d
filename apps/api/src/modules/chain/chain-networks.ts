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
  // The UTXO family (utxo/utxo-adapter.ts): Bitcoin Core's RPC, native SegWit deposit addresses.
  BTC: {
    family: 'utxo',
    native: 'BTC',
    token: null,
    defaultConfirmations: 2,
    name: 'Bitcoin',
    // Spending a P2WPKH output costs about 68 vB: 0.00002 BTC is that at ~30 sat/vB.
    defaultDust: { native: '0.00002', token: null },
  },
  LTC: {
    family: 'utxo',
    native: 'LTC',
    token: null,
    defaultConfirmations: 6,
    name: 'Litecoin',
    defaultDust: { native: '0.0001', token: null },
  },
} as const;
export type NetworkId = keyof typeof WATCHABLE_NETWORKS;
export const NETWORK_IDS = Object.keys(WATCHABLE_NETWORKS) as NetworkId[];
type Family<F> = {
  [K in NetworkId]: (typeof WATCHABLE_NETWORKS)[K]['family'] extends F ? K : never;
}[NetworkId];
/** ETH and BSC: an account's balance, a token contract beside the native coin. */
export type EvmNetworkId = Family<'evm'>;
/** BTC and LTC: outputs, one coin, no token. */
export type UtxoNetworkId = Family<'utxo'>;
export const isEvmNetwork = (n: NetworkId): n is EvmNetworkId => WATCHABLE_NETWORKS[n].family === 'evm';

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
