import { currentLanguage } from './i18n';

/**
 * Number, money and date formatting per UI language with Intl (DECISIONS §9). Amounts arrive as
 * decimal strings; Intl formats strings exactly (no float round-trip), so they are passed as is.
 * Intl only: lib/format adds the spec-1 §9 display precision, which needs decimal.js, so the shell and
 * pages that show no amount import this module instead and do not load it.
 */
export type Num = string | number;

/** Intl accepts decimal strings at run time; the DOM typings only admit them on newer libs. */
const asIntl = (v: Num) => v as unknown as number;

export function localeOf(lang?: string): string {
  return lang ?? currentLanguage();
}

export function formatNumber(value: Num, options: Intl.NumberFormatOptions = {}, lang?: string): string {
  return new Intl.NumberFormat(localeOf(lang), options).format(asIntl(value));
}

/** Money in a fiat currency, with the currency's own decimals (JPY 0, others 2) unless overridden. */
export function formatMoney(
  value: Num,
  currency: string,
  lang?: string,
  options: Intl.NumberFormatOptions = {},
) {
  return new Intl.NumberFormat(localeOf(lang), { style: 'currency', currency, ...options }).format(
    asIntl(value),
  );
}

export function formatPercent(value: Num, lang?: string, fractionDigits = 2): string {
  return formatNumber(
    Number(value) / 100,
    {
      style: 'percent',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    },
    lang,
  );
}

const toDate = (d: Date | string | number) => (d instanceof Date ? d : new Date(d));

/** A date; `style` long gives "day, long month, year" (spec-2 birth date). */
export function formatDate(
  d: Date | string | number,
  style: 'short' | 'medium' | 'long' = 'medium',
  lang?: string,
) {
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: style }).format(toDate(d));
}

/** Date and time; `seconds` for the admin deposits list (a date with seconds). */
export function formatDateTime(d: Date | string | number, opts: { seconds?: boolean } = {}, lang?: string) {
  return new Intl.DateTimeFormat(localeOf(lang), {
    dateStyle: 'medium',
    timeStyle: opts.seconds ? 'medium' : 'short',
  }).format(toDate(d));
}
