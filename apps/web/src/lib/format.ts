import { formatDisplay } from '@vaultline/shared';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from './i18n';

/**
 * Number, money and date formatting per UI language with Intl (DECISIONS §9). Amounts arrive as
 * decimal strings; Intl formats strings exactly (no float round-trip), so they are passed as is.
 */
type Num = string | number;

/** Intl accepts decimal strings at run time; the DOM typings only admit them on newer libs. */
const asIntl = (v: Num) => v as unknown as number;

function locale(lang?: string): string {
  return lang ?? currentLanguage();
}

export function formatNumber(value: Num, options: Intl.NumberFormatOptions = {}, lang?: string): string {
  return new Intl.NumberFormat(locale(lang), options).format(asIntl(value));
}

/** Money in a fiat currency, with the currency's own decimals (JPY 0, others 2) unless overridden. */
export function formatMoney(
  value: Num,
  currency: string,
  lang?: string,
  options: Intl.NumberFormatOptions = {},
) {
  return new Intl.NumberFormat(locale(lang), { style: 'currency', currency, ...options }).format(
    asIntl(value),
  );
}

/** spec-1 §9 display precision for an amount: the shared decimal helper, in this language. */
export function formatAmount(value: Num, lang?: string): string {
  return formatDisplay(String(value), 'amount', locale(lang));
}

/** spec-1 §9 display precision for a rate. */
export function formatRate(value: Num, lang?: string): string {
  return formatDisplay(String(value), 'rate', locale(lang));
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
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: style }).format(toDate(d));
}

/** Date and time; `seconds` for the admin deposits list (a date with seconds). */
export function formatDateTime(d: Date | string | number, opts: { seconds?: boolean } = {}, lang?: string) {
  return new Intl.DateTimeFormat(locale(lang), {
    dateStyle: 'medium',
    timeStyle: opts.seconds ? 'medium' : 'short',
  }).format(toDate(d));
}

/** The formatters bound to the current language; re-renders when it changes. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return {
    lang,
    number: (v: Num, o?: Intl.NumberFormatOptions) => formatNumber(v, o, lang),
    money: (v: Num, currency: string, o?: Intl.NumberFormatOptions) => formatMoney(v, currency, lang, o),
    amount: (v: Num) => formatAmount(v, lang),
    rate: (v: Num) => formatRate(v, lang),
    percent: (v: Num, digits?: number) => formatPercent(v, lang, digits),
    date: (d: Date | string | number, style?: 'short' | 'medium' | 'long') => formatDate(d, style, lang),
    dateTime: (d: Date | string | number, o?: { seconds?: boolean }) => formatDateTime(d, o, lang),
  };
}
