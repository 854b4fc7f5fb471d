import { luhnValid, premiumCardProblems, TEST_CARDS } from '@vaultline/shared';
import { describe, expect, it } from 'vitest';
import { cardErrorKeys, formatCardNumber, formatExpiry } from './card-input';

const now = new Date(2026, 10, 22); // 22 November 2026, local time
const good = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  creditCardNumber: '4242 4242 4242 4242',
  expiracy: '12/29',
  cvc: '123',
};

describe('card checks before paying', () => {
  it('knows the public test numbers pass Luhn and a typo does not', () => {
    for (const n of Object.values(TEST_CARDS)) expect(luhnValid(n)).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('0000')).toBe(false);
  });

  it('finds nothing wrong with a good card', () => {
    expect(premiumCardProblems(good, now)).toEqual({});
    expect(cardErrorKeys(good, now)).toEqual({});
  });

  it.each([
    [{ creditCardNumber: '4242 4242 4242 4241' }, 'creditCardNumber', 'Premium.Pay.Errors.CardNumberLuhn'],
    [{ creditCardNumber: '4242 4242' }, 'creditCardNumber', 'Premium.Pay.Errors.CardNumberFormat'],
    [{ creditCardNumber: '' }, 'creditCardNumber', 'Premium.Pay.Errors.Required'],
    [{ expiracy: '10/26' }, 'expiracy', 'Premium.Pay.Errors.ExpiryPast'],
    [{ expiracy: '13/27' }, 'expiracy', 'Premium.Pay.Errors.ExpiryFormat'],
    [{ expiracy: '1227' }, 'expiracy', 'Premium.Pay.Errors.ExpiryFormat'],
    [{ cvc: '12' }, 'cvc', 'Premium.Pay.Errors.CvcFormat'],
    [{ cvc: '12345' }, 'cvc', 'Premium.Pay.Errors.CvcFormat'],
    [{ firstName: ' ' }, 'firstName', 'Premium.Pay.Errors.Required'],
  ])('%j: %s gets %s', (over, field, key) => {
    expect(cardErrorKeys({ ...good, ...over }, now)).toEqual({ [field]: key });
  });

  it('accepts a card until the end of its expiry month, and 4-digit CVCs', () => {
    expect(cardErrorKeys({ ...good, expiracy: '11/26', cvc: '1234' }, now)).toEqual({});
    expect(cardErrorKeys({ ...good, expiracy: '11/2026' }, now)).toEqual({});
  });
});

describe('card inputs as typed', () => {
  it('groups the number by four and keeps at most 19 digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('adds the expiry slash after the month and lets it be deleted', () => {
    expect(formatExpiry('1', '')).toBe('1');
    expect(formatExpiry('12', '1')).toBe('12/');
    expect(formatExpiry('12/3', '12/')).toBe('12/3');
    expect(formatExpiry('1230', '')).toBe('12/30');
    expect(formatExpiry('12', '12/')).toBe('1');
  });
});
