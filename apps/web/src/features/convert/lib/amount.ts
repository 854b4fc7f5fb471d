import { conversionQuote, Decimal, decimalPlaces, type PriceLock, parseDecimal } from '@vaultline/shared';
import { normaliseAmount } from './normalise-amount';

export type AmountCheck =
  | { ok: false; error: 'invalid' }
  | { ok: false; error: 'decimals'; decimals: number }
  | { ok: false; error: 'minimum'; minUsd: string; approx: string; usdValue: Decimal }
  | { ok: true; amount: string; usdValue: Decimal; fee: Decimal; receive: Decimal };

export { normaliseAmount };

/**
 * The preview's checks (spec-1 §5) with the lock's server figures only: USD value = amount x the
 * locked USD price of the source; the minimum and fee rate come from the lock. The amount received
 * is rounded down to the destination's decimals, as the ledger credits it.
 */
export function checkAmount(input: string, lock: PriceLock): AmountCheck {
  const plain = normaliseAmount(input);
  const amount = parseDecimal(plain);
  if (!amount || amount.lte(0)) return { ok: false, error: 'invalid' };
  if (decimalPlaces(plain) > lock.pair.left.decimals) {
    return { ok: false, error: 'decimals', decimals: lock.pair.left.decimals };
  }
  const usdPrice = new Decimal(lock.usdPrices.left);
  const usdValue = amount.mul(usdPrice);
  const min = new Decimal(lock.minimumAmountUsd);
  if (usdValue.lt(min)) {
    return { ok: false, error: 'minimum', minUsd: min.toFixed(), approx: minimumInSource(lock), usdValue };
  }
  // As the server settles: fee and amount received each rounded down to the destination's decimals.
  const { fee, receive } = conversionQuote(amount, lock.pair.rate, lock.feeRate, lock.pair.right.decimals);
  return { ok: true, amount: amount.toFixed(), usdValue, fee, receive };
}

/** The server minimum in the source asset, to 8 decimals, rounded up so it is enough. */
export function minimumInSource(lock: PriceLock): string {
  const usdPrice = new Decimal(lock.usdPrices.left);
  if (usdPrice.lte(0)) return '0.00000000';
  return new Decimal(lock.minimumAmountUsd).div(usdPrice).toFixed(8, Decimal.ROUND_UP);
}

/** Whole seconds left until the lock's expirationUtc (never negative). */
export function secondsLeft(expirationUtc: string, now: number = Date.now()): number {
  const end = Date.parse(expirationUtc);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 1000));
}
