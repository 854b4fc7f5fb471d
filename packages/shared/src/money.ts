import { Decimal } from './decimal';
import { isDecimalString } from './decimal-string';

export { Decimal } from './decimal';
export { isDecimalString } from './decimal-string';
// The zod schemas of amounts live in money-schemas.ts: a page that only formats amounts then loads
// decimal.js without zod (this module is in the web app's formatters).
export { decimalOutSchema, positiveAmountSchema } from './money-schemas';

/** Parses a plain positive-or-zero decimal string; undefined when it is not one. */
export function parseDecimal(value: string): Decimal | undefined {
  const v = value.trim();
  return isDecimalString(v) ? new Decimal(v) : undefined;
}

/** Number of digits after the point as written ("1.50" has 2). */
export function decimalPlaces(value: string): number {
  const i = value.indexOf('.');
  return i < 0 ? 0 : value.length - i - 1;
}

/** True when the value needs at most `decimals` fraction digits ("1.50" needs 1). */
export function hasAtMostDecimals(value: Decimal | string, decimals: number): boolean {
  return new Decimal(value).decimalPlaces() <= decimals;
}

/** Rounds towards zero to `decimals` places: what an account may be credited. */
export function roundDown(value: Decimal | string, decimals: number): Decimal {
  return new Decimal(value).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
}

/** Serialises for JSON and SQL: never exponential, no trailing zeros. */
export function toPlain(value: Decimal | string): string {
  return new Decimal(value).toFixed();
}

export type DisplayKind = 'amount' | 'rate';

/**
 * Display precision of spec-1 §9: exponential with 4 digits below 0.0001; 6 decimals below 0.01;
 * 4 decimals below 1; rates 2 decimals below 100 and amounts 4 decimals below 1000; otherwise grouped
 * with 2 decimals. Works on the decimal value (never a float); `locale` only picks separators.
 * `decimals`, an asset's own (USD 2), caps the places of an amount: 120.50 USD, not 120.5000 USD.
 */
export function formatDisplay(
  value: Decimal | string,
  kind: DisplayKind = 'amount',
  locale = 'en-US',
  decimals?: number,
): string {
  const d = new Decimal(value);
  const abs = d.abs();
  if (abs.isZero()) return group('0', 0, locale);
  if (abs.lt('0.0001')) return d.toExponential(4);
  let places: number;
  if (abs.lt('0.01')) places = 6;
  else if (abs.lt(1)) places = 4;
  else if (kind === 'rate' && abs.lt(100)) places = 2;
  else if (kind === 'amount' && abs.lt(1000)) places = 4;
  else places = 2;
  if (decimals !== undefined) places = Math.min(places, decimals);
  return group(d.toFixed(places), places, locale);
}

function group(fixed: string, places: number, locale: string): string {
  // Intl formats an exact decimal string (NumberFormat v3), so no float rounding sneaks in.
  const nf = new Intl.NumberFormat(locale, { minimumFractionDigits: places, maximumFractionDigits: places });
  return nf.format(fixed as unknown as number);
}
