import { describe, expect, it } from 'vitest';
import { formatChange, walletValue } from './money';

describe('walletValue', () => {
  it('multiplies with decimals, not floats', () => {
    expect(walletValue('0.1', '0.2').toFixed()).toBe('0.02');
    expect(walletValue('12345678.12345678', '61250').toFixed()).toBe('756172785061.727775');
  });
});

describe('formatChange', () => {
  it('signs the change and follows the language', () => {
    expect(formatChange('1.5', 'en-us')).toBe('+1.50 %');
    expect(formatChange('-0.4', 'en-us')).toBe('-0.40 %');
    expect(formatChange('0', 'en-us')).toBe('0.00 %');
    expect(formatChange('-12.345', 'de-de')).toBe('-12,35 %');
  });
});
