import { describe, expect, it } from 'vitest';
import { conversionQuote } from './convert';
import { Decimal } from './decimal';
import { estimateExchange } from './exchange-estimate';

const base = { rate: '16.25', feeRate: '0.01', sourceDecimals: 8, destinationDecimals: 18 };

describe('estimateExchange (the live "you receive" preview)', () => {
  it('is conversionQuote of the amount at the published rate, rounded down as the server credits', () => {
    const e = estimateExchange({ ...base, amount: '0.02' });
    const q = conversionQuote(new Decimal('0.02'), '16.25', '0.01', 18);
    expect(e?.receive.toFixed()).toBe(q.receive.toFixed());
    expect(e?.receive.toFixed()).toBe('0.32175');
    expect(e?.fee.toFixed()).toBe('0.00325');
  });

  it('rounds down to the destination decimals, never up', () => {
    const e = estimateExchange({ ...base, amount: '1', rate: '0.333333333333', destinationDecimals: 2 });
    expect(e?.receive.toFixed()).toBe('0.32');
  });

  it('takes no fee from a premium caller', () => {
    expect(estimateExchange({ ...base, amount: '2', feeRate: '0' })?.receive.toFixed()).toBe('32.5');
  });

  it("takes a partner's commission from what the guest gets, as the server does", () => {
    const e = estimateExchange({ ...base, amount: '0.02', commissionRate: '0.01' });
    // 0.32175 less 1 % (0.0032175), rounded down to 18 decimals.
    expect(e?.commission.toFixed()).toBe('0.0032175');
    expect(e?.receive.toFixed()).toBe('0.3185325');
  });

  it('gives nothing for input the server would refuse', () => {
    for (const amount of ['', 'abc', '0', '0.000', '-1', '1e3', '1,5', '.', '0.123456789'])
      expect(estimateExchange({ ...base, amount }), amount).toBeNull();
    // Nothing left after rounding down: the server answers AMOUNT_TOO_SMALL.
    expect(estimateExchange({ ...base, amount: '0.00000001', destinationDecimals: 2 })).toBeNull();
  });
});
