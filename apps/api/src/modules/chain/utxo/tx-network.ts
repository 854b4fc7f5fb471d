import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';

/**
 * What the transaction side needs to know about a UTXO chain: its address prefixes and keys (bech32
 * hrp, base58 versions, WIF), its BIP 44 coin type and its relay policy's dust rate. Bitcoin Core and
 * Litecoin Core share the code base and the rules; only these numbers differ.
 */
export type UtxoCoin = 'BTC' | 'LTC';
export type UtxoNetworkKind = 'mainnet' | 'testnet' | 'regtest';

export interface UtxoTxNetwork {
  coin: UtxoCoin;
  kind: UtxoNetworkKind;
  /** For @scure/btc-signer: bech32 hrp, base58 versions, WIF prefix. */
  params: BTC_NETWORK;
  /** BIP 44 coin type: 0 BTC, 2 LTC, 1 for every test network. */
  coinType: number;
  /** The node's -dustrelayfee in sat/vB: Bitcoin Core 3, Litecoin Core 30. */
  dustRelayFeeRate: number;
}

const PARAMS: Record<UtxoCoin, Record<UtxoNetworkKind, BTC_NETWORK>> = {
  BTC: {
    mainnet: { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 },
    testnet: { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
    regtest: { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
  },
  LTC: {
    mainnet: { bech32: 'ltc', pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 },
    testnet: { bech32: 'tltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef },
    regtest: { bech32: 'rltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef },
  },
};

export function utxoTxNetwork(coin: UtxoCoin, kind: UtxoNetworkKind): UtxoTxNetwork {
  return {
    coin,
    kind,
    params: PARAMS[coin][kind],
    coinType: kind === 'mainnet' ? (coin === 'BTC' ? 0 : 2) : 1,
    dustRelayFeeRate: coin === 'BTC' ? 3 : 30,
  };
}

/** BIP 125: an input with a sequence below 0xfffffffe signals that its transaction may be replaced. */
export const RBF_SEQUENCE = 0xfffffffd;
