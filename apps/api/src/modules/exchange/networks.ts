import { createRequire } from 'node:module';
import { LIMITS } from '@vaultline/shared';
import type addressValidatorType from 'multicoin-address-validator';

/**
 * What the server knows about each asset's network: the validator (multicoin-address-validator,
 * docs/decisions/0016) for its addresses and whether it uses a memo / tag. An asset not listed (or
 * a network the library does not know) falls back to the spec's rule: an address of at least 10
 * characters. Transaction hashes: chain/tx-hash.ts (decision 0040).
 */
interface Network {
  /** Currency symbol and chain type for multicoin-address-validator. */
  validator?: { currency: string; chainType?: string };
  memo?: RegExp;
}

// BNB Smart Chain and the ERC-20/BEP-20 tokens use Ethereum-style addresses.
const EVM: Network = { validator: { currency: 'eth' } };

const NETWORKS: Record<string, Network> = {
  BTC: { validator: { currency: 'btc' } },
  LTC: { validator: { currency: 'ltc' } },
  ZEC: { validator: { currency: 'zec' } },
  ADA: { validator: { currency: 'ada' } },
  ETH: EVM,
  BNB: EVM,
  USDT: EVM,
  'USDT-BEP20': EVM,
  'USDT-TRC20': { validator: { currency: 'trx' } },
  // XRP destination tag: an unsigned 32-bit integer.
  XRP: { validator: { currency: 'xrp' }, memo: /^(?:0|[1-9]\d{0,9})$/ },
  // The library knows neither Cosmos nor TON: the length rule applies to their addresses.
  ATOM: { memo: /^[\x20-\x7e]{1,256}$/ },
  TON: { memo: /^[\x20-\x7e]{1,120}$/ },
};

// The validator is loaded with the first address checked, not at start (docs/performance.md).
let addressValidator: typeof addressValidatorType | undefined;

const XRP_TAG_MAX = 4294967295;
const MIN_LENGTH = LIMITS.minWalletAddressLength;

export function validAddress(ticker: string, address: string): boolean {
  if (/\s/.test(address) || address.length < MIN_LENGTH) return false;
  const v = NETWORKS[ticker]?.validator;
  if (!v) return true;
  addressValidator ??= createRequire(import.meta.url)(
    'multicoin-address-validator',
  ) as typeof addressValidatorType;
  try {
    return addressValidator.validate(
      address,
      v.currency,
      v.chainType ? { chainType: v.chainType } : undefined,
    );
  } catch {
    // The library throws for a currency it does not know: never a 500 for an address.
    return false;
  }
}

export function usesMemo(ticker: string): boolean {
  return NETWORKS[ticker]?.memo !== undefined;
}

export function validMemo(ticker: string, memo: string): boolean {
  const re = NETWORKS[ticker]?.memo;
  if (!re?.test(memo)) return false;
  return ticker !== 'XRP' || Number(memo) <= XRP_TAG_MAX;
}
