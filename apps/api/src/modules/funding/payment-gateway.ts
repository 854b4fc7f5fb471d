import { CARD_DECLINED_MESSAGE, type Card, type Decimal, TEST_CARDS } from '@vaultline/shared';

export interface ChargeRequest {
  card: Card;
  amount: Decimal;
  currency: string;
  /** Shown on the statement / kept by the gateway. */
  description: string;
  /**
   * The caller's id for this payment (a deposit or subscription id). Charging the same key twice
   * charges once and answers the first result; `lookup` finds it after a crash.
   */
  idempotencyKey?: string;
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
  /** The outcome of the charge made with this idempotency key, or null if the gateway never saw it. */
  lookup(idempotencyKey: string): Promise<ChargeResult | null>;
  /**
   * Makes sure no charge with this key happens from now on; answers the charge when one already
   * did (then it stands and must be honoured), else null.
   */
  cancel(idempotencyKey: string): Promise<ChargeResult | null>;
}

/** Where the test gateway keeps its charges (its own books; a table in the app, a Map in unit tests). */
export interface TestGatewayStore {
  get(key: string): Promise<ChargeResult | null>;
  /** Records the result unless the key exists; answers the one that is kept. */
  put(key: string, result: ChargeResult, amount: string, currency: string): Promise<ChargeResult>;
}

export function memoryGatewayStore(): TestGatewayStore {
  const m = new Map<string, ChargeResult>();
  return {
    get: async (k) => m.get(k) ?? null,
    async put(k, r) {
      if (!m.has(k)) m.set(k, r);
      return m.get(k) as ChargeResult;
    },
  };
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
export function createTestGateway(
  store: TestGatewayStore = memoryGatewayStore(),
  now: () => Date = () => new Date(),
): PaymentGateway {
  let seq = 0;
  function decide(card: Card): ChargeResult {
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
  }
  return {
    id: 'test',
    async charge({ card, amount, currency, idempotencyKey }) {
      if (idempotencyKey) {
        const seen = await store.get(idempotencyKey);
        if (seen) return seen;
        return store.put(idempotencyKey, decide(card), amount.toFixed(), currency);
      }
      return decide(card);
    },
    lookup: (key) => store.get(key),
    async cancel(key) {
      const kept = await store.put(
        key,
        {
          ok: false,
          code: 'CARD_DECLINED',
          message: 'Cancelled before the charge.',
          last4: '0000',
          brand: 'card',
        },
        '0',
        '',
      );
      return kept.ok ? kept : null;
    },
  };
}

export function createPaymentGateway(kind: 'test', store?: TestGatewayStore): PaymentGateway {
  switch (kind) {
    case 'test':
      return createTestGateway(store);
  }
}
