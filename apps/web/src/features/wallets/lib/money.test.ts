import { describe, expect, it } from 'vitest';
import { formatMoney, formatPercent, walletValue } from './money';

describe('formatMoney', () => {
  it('formats per language with the currency digits', () => {
    expect(formatMoney('1234.5', 'USD', 'en-us')).toBe('$1,234.50');
    expect(formatMoney('1234.5', 'EUR', 'de-de')).toBe('1.234,50\u00a0€');
    expect(formatMoney('1234.5', 'JPY', 'en-us')).toBe('¥1,235');
  });
  it('keeps large values exact', () => {
    expect(formatMoney('12345678901234.99', 'USD', 'en-us')).toBe('$12,345,678,901,234.99');
  });
});

describe('walletValue', () => {
  it('multiplies with decimals, not floats', () => {
    expect(walletValue('0.1', '0.2').toFixed()).toBe('0.02');
  });
});

describe('formatPercent', () => {
  it('signs the change', () => {
    expect(formatPercent('1.5', 'en-us')).toBe('+1.50 %');
    expect(formatPercent('-0.4', 'en-us')).toBe('-0.40 %');
    expect(formatPercent('0', 'en-us')).toBe('0.00 %');
  });
});
