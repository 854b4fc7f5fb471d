import { CARD_DECLINED_MESSAGE, TEST_CARDS } from '@vaultline/shared';

/** Luhn checksum of a card number's digits (12 to 19 of them). */
function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY or MM/YYYY as [month, full year], or null. */
function parseExpiry(expiry: string): [number, number] | null {
  const m = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!m?.[1] || !m[2]) return null;
  return [Number(m[1]), m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2])];
}

/** True when the card is still valid this month (a card expires at the end of its month). */
function expiryInFuture(expiry: string, now = new Date()): boolean {
  const parsed = parseExpiry(expiry);
  if (!parsed) return false;
  const [month, year] = parsed;
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

/** The public test numbers and what they do (Stripe's): success, declined, insufficient funds. */
export function cardBrand(n: string): string {
  if (/^4/.test(n)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(n)) return 'mastercard';
  if (/^3[47]/.test(n)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(n)) return 'discover';
  return 'card';
}

export interface TypedCard {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardCheck =
  | { ok: true; last4: string; brand: string }
  | { ok: false; declined: boolean; message: string };

/** What the test gateway says of a card typed on its page: invalid, declined, or good. */
export function checkCard(card: TypedCard, now = new Date()): CardCheck {
  const n = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(n) || !luhnValid(n))
    return { ok: false, declined: false, message: 'Your card number is invalid.' };
  if (!expiryInFuture(card.expiry, now))
    return { ok: false, declined: false, message: 'Your card has expired.' };
  if (!/^\d{3,4}$/.test(card.cvc.trim()))
    return { ok: false, declined: false, message: "Your card's security code is invalid." };
  if (n === TEST_CARDS.declined) return { ok: false, declined: true, message: CARD_DECLINED_MESSAGE };
  if (n === TEST_CARDS.insufficientFunds)
    return { ok: false, declined: true, message: 'Your card has insufficient funds.' };
  return { ok: true, last4: n.slice(-4), brand: cardBrand(n) };
}
