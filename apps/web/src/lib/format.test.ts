import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate, formatMoney, formatNumber, formatRate } from './format';

// Intl output uses narrow/no-break spaces in some locales; normalise them for readable assertions.
const n = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatting per language', () => {
  it('groups and separates decimals per locale', () => {
    expect(formatNumber('1234567.5', { minimumFractionDigits: 2 }, 'en-us')).toBe('1,234,567.50');
    expect(n(formatNumber('1234567.5', { minimumFractionDigits: 2 }, 'fr-fr'))).toBe('1 234 567,50');
    expect(formatNumber('1234567.5', { minimumFractionDigits: 2 }, 'de-de')).toBe('1.234.567,50');
    expect(n(formatNumber('1234567.5', { minimumFractionDigits: 2 }, 'ru-ru'))).toBe('1 234 567,50');
  });

  it('keeps every digit of a decimal string (no float round-trip)', () => {
    expect(formatNumber('12345678901234567.89', { maximumFractionDigits: 2 }, 'en-us')).toBe(
      '12,345,678,901,234,567.89',
    );
  });

  it('formats money with the currency decimals', () => {
    expect(formatMoney('49', 'USD', 'en-us')).toBe('$49.00');
    expect(n(formatMoney('49', 'EUR', 'de-de'))).toBe('49,00 €');
    expect(formatMoney('1234', 'JPY', 'en-us')).toBe('¥1,234');
  });

  it('applies the display precision of spec-1 §9 to amounts', () => {
    expect(formatAmount('0.00001234', 'en-us')).toBe('1.2340e-5');
    expect(formatAmount('0.00512345678', 'en-us')).toBe('0.005123');
    expect(formatAmount('0.123456', 'en-us')).toBe('0.1235');
    expect(formatAmount('512.123456', 'en-us')).toBe('512.1235');
    expect(formatAmount('1234.5678', 'en-us')).toBe('1,234.57');
  });

  it('applies the rate precision: 2 decimals from 1 up', () => {
    expect(formatRate('43.4264', 'en-us')).toBe('43.43');
    expect(formatRate('61250', 'en-us')).toBe('61,250.00');
    expect(formatRate('0.5', 'en-us')).toBe('0.5000');
    expect(formatRate('0.012345', 'en-us')).toBe('0.0123');
    expect(formatAmount('0.04', 'de-de')).toBe('0,0400');
  });

  it('formats dates per language', () => {
    const d = new Date(Date.UTC(2024, 2, 5, 12));
    expect(formatDate(d, 'long', 'en-us')).toBe('March 5, 2024');
    expect(formatDate(d, 'long', 'fr-fr')).toBe('5 mars 2024');
    expect(formatDate(d, 'long', 'de-de')).toBe('5. März 2024');
    expect(formatDate(d, 'long', 'ru-ru')).toBe('5 марта 2024 г.');
  });
});
