import type { TFunction } from '../../../lib/i18n';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** "Visa •••• 4242": the brand and the last 4 digits (all we keep), or null when none is known. */
export function cardLabel(brand: string | null, last4: string | null, t: TFunction): string | null {
  if (!last4) return null;
  const name = (brand && BRANDS[brand.toLowerCase()]) || t('Premium.Manage.CardGeneric');
  return `${name} •••• ${last4}`;
}
