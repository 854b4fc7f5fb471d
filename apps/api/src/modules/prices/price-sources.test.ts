import { toPlain } from '@vaultline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPriceFixture } from './price-fixture-server';
import { coinbaseSource, coingeckoSource, STATIC_USD_PRICES, staticSource } from './price-sources';

const TICKERS = ['USD', 'EUR', 'JPY', 'BTC', 'ETH', 'USDT', 'USDT-TRC20', 'ZEC'];
let fx: Awaited<ReturnType<typeof startPriceFixture>>;
beforeAll(async () => {
  fx = await startPriceFixture();
});
afterAll(() => fx.close());

describe('static source', () => {
  it("serves the spec's fallback table, indicative", async () => {
    const s = staticSource();
    const p = await s.fetch(['BTC', 'TON', 'USDT-BEP20', 'USD', 'NOPE']);
    expect(s.indicative).toBe(true);
    expect(Object.fromEntries([...p].map(([k, v]) => [k, toPlain(v)]))).toEqual({
      BTC: '61250',
      TON: '5.95',
      'USDT-BEP20': '1',
      USD: '1',
    });
    expect(STATIC_USD_PRICES.ZEC).toBe('28.75');
  });
});

describe('coinbase source (recorded /v2/exchange-rates)', () => {
  it('inverts the per-USD rates for crypto and fiat, token variants priced as their base', async () => {
    const p = await coinbaseSource(fx.url).fetch(TICKERS);
    expect(toPlain(p.get('BTC') as never)).toBe('62500');
    expect(toPlain(p.get('ETH') as never)).toBe('3200');
    expect(p.get('EUR')?.toDecimalPlaces(10).toFixed()).toBe('1.08');
    expect(p.get('JPY')?.toDecimalPlaces(10).toFixed()).toBe('0.0067');
    expect(p.get('USDT-TRC20')?.toDecimalPlaces(4).toFixed()).toBe('0.9996');
    expect(toPlain(p.get('USD') as never)).toBe('1');
    expect(fx.requests.at(-1)).toBe('/v2/exchange-rates?currency=USD');
  });

  it('throws when the source fails', async () => {
    fx.state.failing = true;
    await expect(coinbaseSource(fx.url).fetch(TICKERS)).rejects.toThrow(/503/);
    fx.state.failing = false;
  });
});

describe('coingecko source (recorded /api/v3/simple/price)', () => {
  it('reads USD quotes and derives fiat from bitcoin', async () => {
    const p = await coingeckoSource(fx.url).fetch(TICKERS);
    expect(toPlain(p.get('BTC') as never)).toBe('62500');
    expect(toPlain(p.get('ZEC') as never)).toBe('25');
    expect(p.get('JPY')?.toDecimalPlaces(10).toFixed()).toBe('0.0066666667');
    expect(p.get('EUR')?.toDecimalPlaces(6).toFixed()).toBe('1.086957');
    const url = new URL(fx.requests.at(-1) ?? '', 'http://x');
    expect(url.pathname).toBe('/api/v3/simple/price');
    expect(url.searchParams.get('ids')?.split(',')).toEqual(
      expect.arrayContaining(['bitcoin', 'ethereum', 'tether', 'zcash']),
    );
    expect(url.searchParams.get('vs_currencies')).toBe('usd,eur,jpy');
  });
});
