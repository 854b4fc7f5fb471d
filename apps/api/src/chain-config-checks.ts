import { readFileSync } from 'node:fs';
import {
  decodeWif,
  PRIVATE_KEY_PREFIXES,
  splitKeyOrigin,
  type UTXO_PARAMS,
  type UtxoKind,
  XPUB_VERSIONS,
} from './modules/chain/utxo/utxo-networks';
import { SecretKey } from './secret-key';

/** The chain settings' checks and key files (chain-config.ts reads the environment with them). */

const HEX_KEY = /^(0x)?[0-9a-fA-F]{64}$/;

export function intSetting(
  text: string | undefined,
  fallback: number,
  min = 1,
  max = 10_000,
): number | undefined {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}

/**
 * The form of an account's extended key (111 base58 characters). A private one (`xprv`, `tprv`) is
 * refused here; the checksum and the key itself are checked when the network's adapter derives its
 * first address at start (chain.service), which loads the BIP32 library only where it is needed.
 */
export function checkXpub(network: string, xpub: string, problems: string[]): void {
  if (/^[xt]prv/.test(xpub)) {
    problems.push(
      `${network}_XPUB holds a private key: give the account's extended public key (xpub); the server never holds a deposit private key`,
    );
    return;
  }
  if (!/^[xt]pub[1-9A-HJ-NP-Za-km-z]{107}$/.test(xpub))
    problems.push(`${network}_XPUB is not an extended public key (xpub…, 111 characters)`);
}

/**
 * A UTXO network's account key: an extended public key of the network's kind (xpub or zpub on
 * mainnet, tpub or vpub on testnet and regtest; Ltub on Litecoin), never a private one. Its checksum
 * and depth are checked when the adapter derives its first address at start.
 */
export function checkUtxoXpub(
  network: string,
  text: string,
  kind: UtxoKind | undefined,
  problems: string[],
): void {
  if (text.trim().startsWith('[') && !splitKeyOrigin(text).origin) {
    problems.push(
      `${network}_XPUB's origin must be [fingerprint/path], e.g. [d34db33f/84'/0'/0']zpub… (8 hex digits, then the path)`,
    );
    return;
  }
  const xpub = splitKeyOrigin(text).key;
  const prefix = xpub.slice(0, 4);
  if (PRIVATE_KEY_PREFIXES.includes(prefix)) {
    problems.push(
      `${network}_XPUB holds a private key: give the account's extended public key (zpub or xpub); the server never holds a deposit private key`,
    );
    return;
  }
  const form = XPUB_VERSIONS[prefix];
  if (!form || !/^[1-9A-HJ-NP-Za-km-z]{111}$/.test(xpub)) {
    problems.push(
      `${network}_XPUB is not an account extended public key (zpub…, xpub…, or vpub…/tpub… on testnet and regtest; 111 characters)`,
    );
    return;
  }
  if (kind && form.test !== (kind !== 'mainnet'))
    problems.push(
      `${network}_XPUB is a ${form.test ? 'test' : 'mainnet'} key (${prefix}…) but ${network}_NETWORK is ${kind}`,
    );
}

/** A key file's text, trimmed; an unreadable file is a problem naming the setting (never the contents). */
function readSecretFile(name: string, file: string | undefined, problems: string[]): string | undefined {
  if (!file) return undefined;
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (err) {
    problems.push(`${name}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    return undefined;
  }
}

/** A UTXO hot wallet's key from its file (WIF, as wallets export it); never in a message. */
export function readWifFile(
  name: string,
  file: string | undefined,
  params: (typeof UTXO_PARAMS)['BTC']['mainnet'],
  problems: string[],
): SecretKey | undefined {
  const text = readSecretFile(name, file, problems);
  if (text === undefined) return undefined;
  const key = decodeWif(text, params);
  if ('problem' in key) {
    problems.push(`${name}: ${file} ${key.problem}`);
    return undefined;
  }
  return new SecretKey(`0x${key.hex}`);
}

/** The hot wallet key from its file (hex, 32 bytes); the contents never appear in a message. */
export function readKeyFile(
  name: string,
  file: string | undefined,
  problems: string[],
): SecretKey | undefined {
  const text = readSecretFile(name, file, problems);
  if (text === undefined) return undefined;
  if (!HEX_KEY.test(text)) {
    problems.push(`${name}: ${file} must hold one private key, 64 hex digits (optionally 0x-prefixed)`);
    return undefined;
  }
  return new SecretKey((text.startsWith('0x') ? text : `0x${text}`) as `0x${string}`);
}

/** NET_FEE_RATE_MIN / MAX (sat/vB, up to 3 decimals) and NET_BATCH_MAX of a UTXO network. */
export function utxoPayoutSettings(
  network: string,
  v: (name: string) => string | undefined,
  problems: string[],
): { feeRateMin: number; feeRateMax: number; batchMax: number } {
  const rate = (name: string, fallback: number) => {
    const text = v(name);
    if (text === undefined) return fallback;
    if (!/^\d+(\.\d{1,3})?$/.test(text) || Number(text) <= 0) {
      problems.push(`${network}_${name} must be a fee rate in sat/vB above 0 (e.g. ${fallback})`);
      return fallback;
    }
    return Number(text);
  };
  const feeRateMin = rate('FEE_RATE_MIN', 1);
  const feeRateMax = rate('FEE_RATE_MAX', 500);
  if (feeRateMax < feeRateMin)
    problems.push(`${network}_FEE_RATE_MAX must not be below ${network}_FEE_RATE_MIN`);
  const batchMax = intSetting(v('BATCH_MAX'), 50, 1, 1000);
  if (batchMax === undefined) problems.push(`${network}_BATCH_MAX must be a whole number from 1 to 1000`);
  return { feeRateMin, feeRateMax, batchMax: batchMax ?? 50 };
}
