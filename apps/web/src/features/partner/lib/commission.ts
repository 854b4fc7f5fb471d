import { Decimal } from '@vaultline/shared';

/** A rate typed in percent, checked: the fraction to send, or the i18n key (and values) of the fault. */
export type CheckedRate =
  | { ok: true; value: string }
  | { ok: false; key: string; values?: Record<string, unknown> };

/** 0 to 100 with at most 4 decimals (the contract's 6 decimals of a fraction); a comma is a point. */
const PERCENT = /^\d{1,3}([.,]\d{1,4})?$/;

/** A fraction as the percent the form shows, with only the decimals it has ("0.015" -> "1.5"). */
export const fractionToPercent = (fraction: string): string => new Decimal(fraction).mul(100).toFixed();

/**
 * A commission typed in percent, from 0 to `maxFraction` (the maximum the admin set), turned into
 * the fraction the server stores ("1.5" -> "0.015"). Exact: decimal arithmetic, never a float.
 */
export function checkRatePercent(raw: string, maxFraction: string): CheckedRate {
  const text = raw.trim();
  const maxPercent = fractionToPercent(maxFraction);
  if (!text) return { ok: false, key: 'Partner.Commission.Required' };
  if (!PERCENT.test(text))
    return { ok: false, key: 'Partner.Commission.Invalid', values: { max: maxPercent } };
  const percent = new Decimal(text.replace(',', '.'));
  if (percent.gt(maxPercent))
    return { ok: false, key: 'Partner.Commission.AboveMax', values: { max: maxPercent } };
  return { ok: true, value: percent.div(100).toFixed() };
}
