import { Decimal } from '@vaultline/shared';
import { formatNumber } from '../../../lib/format';

/** The value of a wallet's amount in the display currency, from the server's pair rate. */
export const walletValue = (amount: string, rate: string) => new Decimal(amount).mul(rate);

/** "+1.25 %" / "-0.40 %" from the server's percentage string (already in percent). */
export function formatChange(value: string, lang?: string): string {
  const fixed = new Decimal(value).toFixed(2);
  return `${formatNumber(fixed, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }, lang)} %`;
}
