import type { PremiumCardField, PremiumCardProblem, PremiumPurchaseInput } from '@vaultline/shared';
import { premiumCardProblems } from '@vaultline/shared';

/** The digits in groups of four as they are typed ("4242 4242 4242 4242"), at most 19 digits. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM/YY as it is typed: the slash comes by itself after the month; deleting it works too. */
export function formatExpiry(input: string, previous = ''): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  // Backspace over the slash the field added: drop the month's last digit as well.
  if (previous.endsWith('/') && input === previous.slice(0, -1)) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return input.length > previous.length ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

const KEYS: Record<PremiumCardProblem, string> = {
  required: 'Premium.Pay.Errors.Required',
  cardNumberFormat: 'Premium.Pay.Errors.CardNumberFormat',
  cardNumberLuhn: 'Premium.Pay.Errors.CardNumberLuhn',
  expiryFormat: 'Premium.Pay.Errors.ExpiryFormat',
  expiryPast: 'Premium.Pay.Errors.ExpiryPast',
  cvcFormat: 'Premium.Pay.Errors.CvcFormat',
};

/** The form's checks (Luhn, a future expiry, a 3-4 digit CVC, names): each field's message key. */
export function cardErrorKeys(
  v: PremiumPurchaseInput,
  now = new Date(),
): Partial<Record<PremiumCardField, string>> {
  const out: Partial<Record<PremiumCardField, string>> = {};
  for (const [field, problem] of Object.entries(premiumCardProblems(v, now)) as [
    PremiumCardField,
    PremiumCardProblem,
  ][])
    out[field] = KEYS[problem];
  return out;
}
