import { Decimal, isDecimalString } from '@vaultline/shared';

/** "0,5" typed with a decimal comma reads as 0.5; spaces around are dropped. */
export const normaliseAmount = (v: string): string =>
  /^\d*,\d+$/.test(v.trim()) ? v.trim().replace(',', '.') : v.trim();

/** The amount to quote: a positive decimal within the asset's decimals, else null (nothing to ask). */
export function quotableAmount(typed: string, decimals: number): string | null {
  const v = normaliseAmount(typed);
  if (!isDecimalString(v)) return null;
  const d = new Decimal(v);
  if (d.lte(0) || d.decimalPlaces() > decimals) return null;
  return v;
}

/** "max": what the wallet can send once the fee is taken (available − fee), or null when nothing. */
export function maxAmount(available: string, fee: string, decimals: number): string | null {
  const max = new Decimal(available).minus(fee).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
  return max.gt(0) ? max.toFixed() : null;
}

export type WithdrawTarget = { addressId: string } | { toBankAccount: true };

export type AmountProblem = 'invalid' | 'decimals' | 'belowMinimum' | 'overAvailable';

/** What is wrong with the amount against the last quote (null: fine, or not known yet). */
export function amountProblem(
  typed: string,
  decimals: number,
  quote: { fee: string; available: string; minimum: string } | undefined,
): AmountProblem | null {
  const v = normaliseAmount(typed);
  if (!isDecimalString(v) || new Decimal(v).lte(0)) return 'invalid';
  const d = new Decimal(v);
  if (d.decimalPlaces() > decimals) return 'decimals';
  if (!quote) return null;
  if (d.lt(quote.minimum)) return 'belowMinimum';
  if (d.plus(quote.fee).gt(quote.available)) return 'overAvailable';
  return null;
}

/** The request's target from the picker's value: an address id, or "bank" for the bank account. */
export const targetOf = (picked: string): WithdrawTarget | null =>
  picked === '' ? null : picked === BANK ? { toBankAccount: true } : { addressId: picked };

export const BANK = 'bank';
