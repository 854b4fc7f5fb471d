import { createHash } from 'node:crypto';

/**
 * The UTXO family's network parameters (BTC and LTC; pure data and a base58check reader, no library,
 * so the configuration can check its settings without loading the Bitcoin libraries).
 */
export type UtxoKind = 'mainnet' | 'testnet' | 'regtest';
export const UTXO_KINDS: readonly UtxoKind[] = ['mainnet', 'testnet', 'regtest'];

export interface UtxoParams {
  /** Bech32 prefix of native SegWit addresses (bc, tb, bcrt; ltc, tltc, rltc). */
  bech32: string;
  pubKeyHash: number;
  scriptHash: number;
  /** The version byte of a WIF private key. */
  wif: number;
  /** What the node's `getblockchaininfo` calls this chain. */
  nodeChain: 'main' | 'test' | 'regtest';
  /** The id this product stores for the chain (the scanner refuses a node on another one). */
  chainId: number;
}

export const UTXO_PARAMS: Record<'BTC' | 'LTC', Record<UtxoKind, UtxoParams>> = {
  BTC: {
    mainnet: {
      bech32: 'bc',
      pubKeyHash: 0x00,
      scriptHash: 0x05,
      wif: 0x80,
      nodeChain: 'main',
      chainId: 8_000_001,
    },
    testnet: {
      bech32: 'tb',
      pubKeyHash: 0x6f,
      scriptHash: 0xc4,
      wif: 0xef,
      nodeChain: 'test',
      chainId: 8_000_002,
    },
    regtest: {
      bech32: 'bcrt',
      pubKeyHash: 0x6f,
      scriptHash: 0xc4,
      wif: 0xef,
      nodeChain: 'regtest',
      chainId: 8_000_003,
    },
  },
  LTC: {
    mainnet: {
      bech32: 'ltc',
      pubKeyHash: 0x30,
      scriptHash: 0x32,
      wif: 0xb0,
      nodeChain: 'main',
      chainId: 8_000_011,
    },
    testnet: {
      bech32: 'tltc',
      pubKeyHash: 0x6f,
      scriptHash: 0x3a,
      wif: 0xef,
      nodeChain: 'test',
      chainId: 8_000_012,
    },
    regtest: {
      bech32: 'rltc',
      pubKeyHash: 0x6f,
      scriptHash: 0x3a,
      wif: 0xef,
      nodeChain: 'regtest',
      chainId: 8_000_013,
    },
  },
};

/**
 * Account-level extended public keys accepted (BIP 32 version bytes): xpub and BIP 84's zpub on
 * mainnet, tpub and vpub on testnet and regtest; Litecoin's own Ltub (mainnet) as well. The
 * addresses are native SegWit (P2WPKH) whichever form the key is given in.
 */
export const XPUB_VERSIONS: Record<string, { version: number; test: boolean }> = {
  xpub: { version: 0x0488b21e, test: false },
  zpub: { version: 0x04b24746, test: false },
  Ltub: { version: 0x019da462, test: false },
  tpub: { version: 0x043587cf, test: true },
  vpub: { version: 0x045f1cf6, test: true },
};
export const PRIVATE_KEY_PREFIXES = ['xprv', 'zprv', 'tprv', 'vprv', 'Ltpv', 'yprv', 'uprv'];

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest();

/** Base58check's payload, or undefined when the text is not base58check. */
export function base58check(text: string): Uint8Array | undefined {
  let n = 0n;
  for (const c of text) {
    const d = ALPHABET.indexOf(c);
    if (d < 0) return undefined;
    n = n * 58n + BigInt(d);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  for (const c of text) {
    if (c !== '1') break;
    bytes.unshift(0);
  }
  if (bytes.length < 5) return undefined;
  const data = Uint8Array.from(bytes.slice(0, -4));
  const check = sha256(sha256(data)).subarray(0, 4);
  return check.every((b, i) => b === bytes[bytes.length - 4 + i]) ? data : undefined;
}

/**
 * A WIF private key's 32 bytes (hex), checked against the network's version byte; a message
 * (never containing the key) when it is not one.
 */
export function decodeWif(text: string, params: UtxoParams): { hex: string } | { problem: string } {
  const data = base58check(text);
  if (!data || (data.length !== 33 && !(data.length === 34 && data[33] === 0x01)))
    return { problem: 'must hold one private key in WIF (base58check, as a wallet exports it)' };
  if (data[0] !== params.wif)
    return { problem: `holds a WIF key of another network (version 0x${(data[0] ?? 0).toString(16)})` };
  if (data.length !== 34)
    return { problem: 'holds an uncompressed WIF key: a SegWit wallet needs a compressed one' };
  return { hex: Buffer.from(data.subarray(1, 33)).toString('hex') };
}

/**
 * An account key as wallets export it with its origin, `[d34db33f/84'/2'/0']zpub…` (Sparrow, Bitcoin
 * Core descriptors; decision 0055), or bare. The origin (the master key's fingerprint and the path)
 * is what a signing wallet needs in a sweep's PSBT; the deposit addresses come from the key alone.
 */
export function splitKeyOrigin(text: string): { key: string; origin: string | undefined } {
  const m = /^\[([0-9a-fA-F]{8}(?:\/\d+['hH]?)*)\](.*)$/.exec(text.trim());
  return m ? { key: (m[2] as string).trim(), origin: m[1] } : { key: text.trim(), origin: undefined };
}
