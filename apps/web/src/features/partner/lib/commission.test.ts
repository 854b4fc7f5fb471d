import { describe, expect, it } from 'vitest';
import { checkRatePercent, fractionToPercent } from './commission';
import { widgetSnippet } from './snippet';

describe('commission typed in percent', () => {
  it('turns the percent into the exact fraction the server stores', () => {
    expect(checkRatePercent('1.5', '0.02')).toEqual({ ok: true, value: '0.015' });
    expect(checkRatePercent(' 0,25 ', '0.02')).toEqual({ ok: true, value: '0.0025' });
    expect(checkRatePercent('0', '0.02')).toEqual({ ok: true, value: '0' });
    expect(checkRatePercent('2', '0.02')).toEqual({ ok: true, value: '0.02' });
    // 4 decimals of a percent are the 6 of the fraction, without float noise.
    expect(checkRatePercent('0.0001', '0.05')).toEqual({ ok: true, value: '0.000001' });
  });

  it('refuses an empty, malformed or too high rate with the maximum in the message', () => {
    expect(checkRatePercent('  ', '0.02')).toEqual({ ok: false, key: 'Partner.Commission.Required' });
    expect(checkRatePercent('abc', '0.02')).toMatchObject({ ok: false, key: 'Partner.Commission.Invalid' });
    expect(checkRatePercent('-1', '0.02')).toMatchObject({ ok: false, key: 'Partner.Commission.Invalid' });
    expect(checkRatePercent('0.00001', '0.02')).toMatchObject({
      ok: false,
      key: 'Partner.Commission.Invalid',
    });
    expect(checkRatePercent('2.01', '0.02')).toEqual({
      ok: false,
      key: 'Partner.Commission.AboveMax',
      values: { max: '2' },
    });
  });

  it('shows a stored fraction as a percent with only its own decimals', () => {
    expect(fractionToPercent('0.015')).toBe('1.5');
    expect(fractionToPercent('0.05')).toBe('5');
    expect(fractionToPercent('0')).toBe('0');
  });
});

describe('widget snippet', () => {
  it('names the script on this origin and the partner, pair and theme', () => {
    expect(
      widgetSnippet({ origin: 'https://x.test', partnerId: 'p-1', from: 'BTC', to: 'ETH', theme: 'dark' }),
    ).toBe(
      '<script src="https://x.test/widget.js" data-partner="p-1" data-from="BTC" data-to="ETH" data-theme="dark" async></script>',
    );
  });
});
