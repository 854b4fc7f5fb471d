import { describe, expect, it } from 'vitest';
import { checkCard } from './test-gateway-cards';

const now = new Date('2026-11-27T12:00:00Z');
const card = (number: string, expiry = '12/29', cvc = '123') => checkCard({ number, expiry, cvc }, now);

describe("the test gateway's card rules (Stripe's public test numbers)", () => {
  it('pays with 4242…, keeping the last 4 digits and the brand only', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ ok: true, last4: '4242', brand: 'visa' });
    expect(card('5555-5555-5555-4444')).toEqual({ ok: true, last4: '4444', brand: 'mastercard' });
  });

  it('declines 4000…0002 and 4000…9995 with their reasons', () => {
    expect(card('4000000000000002')).toEqual({
      ok: false,
      declined: true,
      message: 'Your card was declined.',
    });
    expect(card('4000000000009995')).toEqual({
      ok: false,
      declined: true,
      message: 'Your card has insufficient funds.',
    });
  });

  it('refuses a bad number, a past expiry and a bad CVC without a decline', () => {
    expect(card('4242424242424241')).toMatchObject({
      ok: false,
      declined: false,
      message: 'Your card number is invalid.',
    });
    expect(card('42')).toMatchObject({ ok: false, declined: false });
    expect(card('4242424242424242', '10/26')).toMatchObject({ ok: false, message: 'Your card has expired.' });
    expect(card('4242424242424242', '11/26')).toMatchObject({ ok: true });
    expect(card('4242424242424242', '11/2026')).toMatchObject({ ok: true });
    expect(card('4242424242424242', '13/30')).toMatchObject({ ok: false, message: 'Your card has expired.' });
    expect(card('4242424242424242', '12/29', '12')).toMatchObject({
      ok: false,
      message: "Your card's security code is invalid.",
    });
  });
});
