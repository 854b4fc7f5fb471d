import type { PriceLock } from '@vaultline/shared';
import { describe, expect, it } from 'vitest';
import { checkAmount, normaliseAmount, secondsLeft } from './amount';

const lock: PriceLock = {
  id: '00000000-0000-4000-8000-000000000001',
  expirationUtc: '2030-01-01T00:01:00.000Z',
  pair: {
    left: { id: '00000000-0000-4000-8000-000000000002', ticker: 'BTC', type: 2, decimals: 8 },
    right: { id: '00000000-0000-4000-8000-000000000003', ticker: 'ETH', type: 2, decimals: 18 },
    rate: '18.28358208955223880597',
  },
  usdPrices: { left: '61250', right: '3350' },
  feeRate: '0.005',
  minimumAmountUsd: '99',
  indicative: true,
};

describe('checkAmount', () => {
  it.each(['', 'abc', '0', '-1', '1e3', '0.0'])('refuses %j as not a valid amount', (v) => {
    expect(checkAmount(v, lock)).toEqual({ ok: false, error: 'invalid' });
  });

  it('refuses more decimals than the source asset has', () => {
    expect(checkAmount('0.123456789', lock)).toEqual({ ok: false, error: 'decimals', decimals: 8 });
  });

  it('gives the minimum in USD and the source amount to 8 decimals, rounded up', () => {
    const r = checkAmount('0.001', lock);
    expect(r).toMatchObject({ ok: false, error: 'minimum', minUsd: '99', approx: '0.00161633' });
  });

  it('accepts exactly the minimum value', () => {
    const r = checkAmount('0.01', { ...lock, minimumAmountUsd: '612.5' });
    expect(r.ok).toBe(true);
  });

  it('computes fee and amount received from the lock figures, rounded down', () => {
    const r = checkAmount('0.5', {
      ...lock,
      pair: { ...lock.pair, rate: '18.5', right: { ...lock.pair.right, decimals: 2 } },
    });
    if (!r.ok) throw new Error('expected ok');
    expect(r.usdValue.toFixed()).toBe('30625');
    expect(r.fee.toFixed()).toBe('0.04');
    expect(r.receive.toFixed()).toBe('9.2');
  });

  it('charges no fee when the lock says so (premium)', () => {
    const r = checkAmount('1', { ...lock, feeRate: '0', pair: { ...lock.pair, rate: '2' } });
    if (!r.ok) throw new Error('expected ok');
    expect(r.receive.toFixed()).toBe('2');
    expect(r.fee.isZero()).toBe(true);
  });
});

describe('normaliseAmount', () => {
  it('accepts a decimal comma', () => expect(normaliseAmount(' 0,25 ')).toBe('0.25'));
  it('leaves a grouped number alone so it fails validation', () =>
    expect(normaliseAmount('1,000.5')).toBe('1,000.5'));
});

describe('secondsLeft', () => {
  it('counts whole seconds up and stops at zero', () => {
    const end = '2030-01-01T00:01:00.000Z';
    expect(secondsLeft(end, Date.parse('2030-01-01T00:00:00.500Z'))).toBe(60);
    expect(secondsLeft(end, Date.parse('2030-01-01T00:02:00.000Z'))).toBe(0);
    expect(secondsLeft('nonsense')).toBe(0);
  });
});
