import { describe, expect, it } from 'vitest';
import { parseWidgetParams } from './widget-params';

const parse = (q: string) => parseWidgetParams(new URLSearchParams(q));
const ID = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

describe('the /widget query', () => {
  it('reads the partner, the pair and the theme', () => {
    expect(parse(`partner=${ID}&from=btc&to=ETH&theme=dark`)).toEqual({
      partnerId: ID,
      from: 'BTC',
      to: 'ETH',
      theme: 'dark',
    });
  });

  it('works without any parameter (no partner, default pair, the site theme)', () => {
    expect(parse('')).toEqual({ partnerId: null, from: null, to: null, theme: null });
  });

  it('drops malformed values instead of failing later at createExchange', () => {
    expect(parse('partner=not-a-uuid&from=<b>&to=&theme=blue')).toEqual({
      partnerId: null,
      from: null,
      to: null,
      theme: null,
    });
  });
});
