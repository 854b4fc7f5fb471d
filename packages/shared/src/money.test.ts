import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Decimal,
  decimalPlaces,
  formatDisplay,
  hasAtMostDecimals,
  isDecimalString,
  parseDecimal,
  positiveAmountSchema,
  roundDown,
  toPlain,
} from './money';

const decimalString = fc
  .tuple(fc.stringMatching(/^(0|[1-9]\d{0,12})$/), fc.stringMatching(/^\d{0,18}$/))
  .map(([i, f]) => (f ? `${i}.${f}` : i));

describe('parsing decimal strings', () => {
  it('accepts plain decimals and refuses everything else', () => {
    expect(parseDecimal('12.5')?.toString()).toBe('12.5');
    expect(parseDecimal(' 0.001 ')?.toFixed()).toBe('0.001');
    for (const bad of ['', '-1', '1e5', '1.', '.5', 'abc', '1,5', 'NaN', 'Infinity', '0x10', '+1']) {
      expect(parseDecimal(bad), bad).toBeUndefined();
      expect(isDecimalString(bad), bad).toBe(false);
    }
  });

  it('round-trips any plain decimal exactly', () => {
    fc.assert(
      fc.property(decimalString, (s) => {
        expect(new Decimal(toPlain(parseDecimal(s) as Decimal)).eq(new Decimal(s))).toBe(true);
      }),
    );
  });

  it('counts decimals and checks them against an asset', () => {
    expect(decimalPlaces('1.250')).toBe(3);
    expect(hasAtMostDecimals('1.250', 2)).toBe(true);
    expect(hasAtMostDecimals('1.251', 2)).toBe(false);
    expect(hasAtMostDecimals('100', 0)).toBe(true);
    expect(hasAtMostDecimals('0.5', 0)).toBe(false);
  });

  it('positiveAmountSchema refuses zero, negatives and junk with the spec message', () => {
    expect(positiveAmountSchema.parse('0.1')).toBe('0.1');
    for (const bad of ['0', '0.000', '-1', 'x', '1e3']) {
      const r = positiveAmountSchema.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('Please enter a valid amount');
    }
  });
});

describe('roundDown', () => {
  it('never rounds up and keeps at most N decimals', () => {
    fc.assert(
      fc.property(decimalString, fc.integer({ min: 0, max: 18 }), (s, n) => {
        const v = new Decimal(s);
        const r = roundDown(v, n);
        expect(r.lte(v)).toBe(true);
        expect(v.minus(r).lt(new Decimal(10).pow(-n))).toBe(true);
        expect(hasAtMostDecimals(r, n)).toBe(true);
      }),
    );
  });

  it('examples', () => {
    expect(toPlain(roundDown('1.999999999', 8))).toBe('1.99999999');
    expect(toPlain(roundDown('1234.9', 0))).toBe('1234');
  });
});

describe('formatDisplay (spec-1 §9)', () => {
  it('uses the thresholds of the spec', () => {
    expect(formatDisplay('0.00001234')).toBe('1.2340e-5');
    expect(formatDisplay('0.00123456789')).toBe('0.001235');
    expect(formatDisplay('0.123456')).toBe('0.1235');
    expect(formatDisplay('18.283582', 'rate')).toBe('18.28');
    expect(formatDisplay('18.283582', 'amount')).toBe('18.2836');
    expect(formatDisplay('999.12345', 'amount')).toBe('999.1235');
    expect(formatDisplay('61250', 'rate')).toBe('61,250.00');
    expect(formatDisplay('1234567.891', 'amount')).toBe('1,234,567.89');
    expect(formatDisplay('0')).toBe('0');
    expect(formatDisplay('1234.5', 'amount', 'de-DE')).toBe('1.234,50');
  });

  it('shows an amount with no more places than its asset has (fiat: 120.50 USD)', () => {
    expect(formatDisplay('120.5', 'amount', 'en-US', 2)).toBe('120.50');
    expect(formatDisplay('120.5', 'amount', 'en-US')).toBe('120.5000');
    expect(formatDisplay('0.5', 'amount', 'fr-FR', 2)).toBe('0,50');
    expect(formatDisplay('1500', 'amount', 'en-US', 0)).toBe('1,500');
    // A crypto asset's decimals are more than the display shows: nothing changes.
    expect(formatDisplay('0.00123456789', 'amount', 'en-US', 8)).toBe('0.001235');
  });

  it('keeps the digits of huge values exact (no float)', () => {
    expect(formatDisplay('123456789012345678.015', 'amount')).toBe('123,456,789,012,345,678.02');
  });

  it('never throws and rounds to within half a unit of the last shown place', () => {
    fc.assert(
      fc.property(decimalString, fc.constantFrom<'rate' | 'amount'>('rate', 'amount'), (s, kind) => {
        const out = formatDisplay(s, kind);
        const v = new Decimal(s);
        if (v.isZero() || v.lt('0.0001')) return;
        const shown = new Decimal(out.replaceAll(',', ''));
        const places = shown.decimalPlaces();
        expect(
          shown
            .minus(v)
            .abs()
            .lte(new Decimal(10).pow(-Math.max(places, 2)).div(2).plus(new Decimal(10).pow(-places))),
        ).toBe(true);
      }),
    );
  });
});
