import { CARD_DECLINED_MESSAGE, type Card, type Decimal, TEST_CARDS } from '@vaultline/shared';

export interface ChargeRequest {
  card: Card;
  amount: Decimal;
  currency: string;
  /** Shown on the statement / kept by the gateway. */
  description: string;
}

export type ChargeResult =
  | { ok: true; reference: string; last4: string; brand: string }
  | { ok: false; code: 'CARD_DECLINED' | 'CARD_INVALID'; message: string; last4: string; brand: string };

/**
 * A card payment gateway. Card number and CVC only pass through `charge`: callers keep the last 4
 * digits and the brand, never the rest, and never log the request. Reused by premium.
 */
export interface PaymentGateway {
  id: string;
  charge(req: ChargeRequest): Promise<ChargeResult>;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export function cardBrand(n: string): string {
  if (/^4/.test(n)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(n)) return 'mastercard';
  if (/^3[47]/.test(n)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(n)) return 'discover';
  return 'card';
}

/** True when MM/YY (or MM/YYYY) is this month or later. */
export function expiryInFuture(expiry: string, now = new Date()): boolean {
  const m = /^(\d{2})\/(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!m?.[1] || !m[2]) return false;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

/**
 * The offline test gateway: Luhn, future expiry and a 3-4 digit CVC are required; the public test
 * numbers 4000000000000002 (declined) and 4000000000009995 (insufficient funds) decline, any other
 * valid number (e.g. 4242424242424242) succeeds. No money moves.
 */
export function createTestGateway(now: () => Date = () => new Date()): PaymentGateway {
  let seq = 0;
  return {
    id: 'test',
    async charge({ card }) {
      const last4 = card.cardNumber.slice(-4);
      const brand = cardBrand(card.cardNumber);
      const fail = (code: 'CARD_DECLINED' | 'CARD_INVALID', message: string): ChargeResult => ({
        ok: false,
        code,
        message,
        last4,
        brand,
      });
      if (!luhnValid(card.cardNumber)) return fail('CARD_INVALID', 'Your card number is invalid.');
      if (!expiryInFuture(card.expiry, now())) return fail('CARD_INVALID', 'Your card has expired.');
      if (!/^\d{3,4}$/.test(card.cvc)) return fail('CARD_INVALID', "Your card's security code is invalid.");
      if (card.cardNumber === TEST_CARDS.declined) return fail('CARD_DECLINED', CARD_DECLINED_MESSAGE);
      if (card.cardNumber === TEST_CARDS.insufficientFunds)
        return fail('CARD_DECLINED', 'Your card has insufficient funds.');
      seq++;
      return { ok: true, reference: `test_${Date.now().toString(36)}_${seq}`, last4, brand };
    },
  };
}

export function createPaymentGateway(kind: 'test'): PaymentGateway {
  switch (kind) {
    case 'test':
      return createTestGateway();
  }
}
