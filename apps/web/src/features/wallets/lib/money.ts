import { Decimal } from '@vaultline/shared';

/**
 * A value in a currency, per language (Intl, the currency's own digits: JPY none). The decimal is
 * passed as a string so Intl formats it exactly (no float in between).
 */
export function formatMoney(value: Decimal | string, currency: string, locale: string): string {
  const d = new Decimal(value);
  const nf = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = nf.resolvedOptions().maximumFractionDigits ?? 2;
  return nf.format(d.toFixed(digits) as unknown as number);
}

/** The value of a wallet's amount in the display currency, from the server's pair rate. */
export const walletValue = (amount: string, rate: string) => new Decimal(amount).mul(rate);

/** "+1.25 %" / "-0.40 %" from the server's percentage string. */
export function formatPercent(value: string, locale: string): string {
  const d = new Decimal(value);
  const nf = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  });
  return `${nf.format(d.toFixed(2) as unknown as number)} %`;
}
