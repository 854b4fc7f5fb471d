import { describe, expect, it } from 'vitest';
import { amountProblem, maxAmount, normaliseAmount, quotableAmount, targetOf } from './withdraw-form';

const quote = { fee: '0.001', available: '1.5', minimum: '0.01' };

describe('withdraw form logic', () => {
  it('reads a decimal comma and trims', () => {
    expect(normaliseAmount(' 0,5 ')).toBe('0.5');
    expect(normaliseAmount('1.25')).toBe('1.25');
  });

  it('quotes only a positive amount within the asset decimals', () => {
    expect(quotableAmount('0,25', 8)).toBe('0.25');
    expect(quotableAmount('0', 8)).toBeNull();
    expect(quotableAmount('abc', 8)).toBeNull();
    expect(quotableAmount('1.123', 2)).toBeNull();
    expect(quotableAmount('', 2)).toBeNull();
  });

  it('max is available minus the fee, rounded down to the decimals, null when nothing is left', () => {
    expect(maxAmount('1.5', '0.001', 18)).toBe('1.499');
    expect(maxAmount('10.005', '0.001', 2)).toBe('10');
    expect(maxAmount('0.001', '0.001', 8)).toBeNull();
    expect(maxAmount('0', '0.5', 8)).toBeNull();
  });

  it('tells what is wrong with the amount against the quote', () => {
    expect(amountProblem('', 8, quote)).toBe('invalid');
    expect(amountProblem('-1', 8, quote)).toBe('invalid');
    expect(amountProblem('0.123', 2, quote)).toBe('decimals');
    expect(amountProblem('0.001', 8, quote)).toBe('belowMinimum');
    expect(amountProblem('1.5', 8, quote)).toBe('overAvailable');
    expect(amountProblem('1.499', 8, quote)).toBeNull();
    // Before the first quote only the form of the number is known.
    expect(amountProblem('99', 8, undefined)).toBeNull();
  });

  it('maps the picker to the request target', () => {
    expect(targetOf('')).toBeNull();
    expect(targetOf('bank')).toEqual({ toBankAccount: true });
    expect(targetOf('a1')).toEqual({ addressId: 'a1' });
  });
});
