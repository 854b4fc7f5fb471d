import { claimNetworkOf } from './chain-networks';

/**
 * Transaction hashes as people type them, and the one form stored (decision 0040). A hash is
 * checked for its asset's network and stored canonical, so `0x<h>`, `0X<H>` and `<h>` are never
 * three claims of one transaction (tx_claims' key is the canonical form; the database checks it):
 * - EVM (ETH and its USDT, BSC with BNB and USDT-BEP20): `0x` + 64 hex, stored `0x` + lower case;
 * - the UTXO chains, XRP, Tron, Cosmos, Cardano: 64 hex, stored in lower case (no prefix: these
 *   networks never write one, so `0x<h>` is refused rather than read as another hash);
 * - TON: 64 hex, or the same 32 bytes in base64 / base64url (as its APIs answer), stored as hex;
 * - an asset of another network: DECISIONS §4's rule (10 to 200 characters, no spaces), hex in
 *   lower case.
 * Keep in step with the SQL function `tx_hash_canonical` (migration 0034).
 */
type Family = 'evm' | 'hex' | 'ton';

const FAMILY: Record<string, Family> = {
  ETH: 'evm',
  BSC: 'evm',
  BTC: 'hex',
  LTC: 'hex',
  ZEC: 'hex',
  ADA: 'hex',
  XRP: 'hex',
  ATOM: 'hex',
  TRX: 'hex',
  TON: 'ton',
};

const EVM = /^0[xX]([0-9a-fA-F]{64})$/;
const HEX64 = /^[0-9a-fA-F]{64}$/;
const BASE64_32 = /^[A-Za-z0-9+/_-]{43}=?$/;
const ANY = /^\S{10,200}$/;

/** The network's one form of this hash, or undefined when it is not a hash of that network. */
export function canonicalHash(ticker: string, typed: string): string | undefined {
  const h = typed.trim();
  switch (FAMILY[claimNetworkOf(ticker)]) {
    case 'evm': {
      const m = EVM.exec(h);
      return m?.[1] ? `0x${m[1].toLowerCase()}` : undefined;
    }
    case 'hex':
      return HEX64.test(h) ? h.toLowerCase() : undefined;
    case 'ton':
      if (HEX64.test(h)) return h.toLowerCase();
      if (!BASE64_32.test(h)) return undefined;
      return Buffer.from(h.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('hex');
    default:
      if (!ANY.test(h)) return undefined;
      return /^(0x)?[0-9a-fA-F]+$/.test(h) ? h.toLowerCase() : h;
  }
}
