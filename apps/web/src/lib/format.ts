import { formatDisplay } from '@vaultline/shared';
import { useTranslation } from './i18n';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  localeOf,
  type Num,
} from './intl-format';

export { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent } from './intl-format';

/**
 * spec-1 §9 display precision for an amount: the shared decimal helper, in this language; with the
 * asset's own decimals, no more places than it has (120.50 USD).
 */
export function formatAmount(value: Num, lang?: string, decimals?: number): string {
  return formatDisplay(String(value), 'amount', localeOf(lang), decimals);
}

/** spec-1 §9 display precision for a rate. */
export function formatRate(value: Num, lang?: string): string {
  return formatDisplay(String(value), 'rate', localeOf(lang));
}

/** The formatters bound to the current language; re-renders when it changes. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return {
    lang,
    number: (v: Num, o?: Intl.NumberFormatOptions) => formatNumber(v, o, lang),
    money: (v: Num, currency: string, o?: Intl.NumberFormatOptions) => formatMoney(v, currency, lang, o),
    amount: (v: Num, decimals?: number) => formatAmount(v, lang, decimals),
    rate: (v: Num) => formatRate(v, lang),
    percent: (v: Num, digits?: number) => formatPercent(v, lang, digits),
    date: (d: Date | string | number, style?: 'short' | 'medium' | 'long') => formatDate(d, style, lang),
    dateTime: (d: Date | string | number, o?: { seconds?: boolean }) => formatDateTime(d, o, lang),
  };
}
