import { Decimal, type PriceSourceId } from '@vaultline/shared';

/** A source of USD prices. `fetch` answers what it knows; tickers it cannot price are left out. */
export interface PriceSource {
  id: PriceSourceId;
  /** True when the prices are examples (offline), not market prices. */
  indicative: boolean;
  fetch(tickers: readonly string[]): Promise<Map<string, Decimal>>;
}

/**
 * The spec's fallback table (spec-1 §9) as offline prices, plus fixed fiat rates (USD per unit,
 * rounded mid-market values of 2026). Only used when PRICE_SOURCE=static, shown as indicative.
 */
export const STATIC_USD_PRICES: Readonly<Record<string, string>> = {
  BTC: '61250',
  ETH: '3350',
  LTC: '85.5',
  XRP: '0.55',
  ADA: '0.45',
  ATOM: '9.25',
  ZEC: '28.75',
  BNB: '580',
  TON: '5.95',
  USDT: '1',
  'USDT-BEP20': '1',
  'USDT-TRC20': '1',
  USD: '1',
  EUR: '1.08',
  CHF: '1.12',
  GBP: '1.27',
  CAD: '0.73',
  AUD: '0.66',
  JPY: '0.0067',
};

/** Token variants priced as their base coin by the live sources. */
const BASE_TICKER: Readonly<Record<string, string>> = { 'USDT-BEP20': 'USDT', 'USDT-TRC20': 'USDT' };
const baseOf = (ticker: string) => BASE_TICKER[ticker] ?? ticker;
const FIAT = new Set(['USD', 'EUR', 'CHF', 'GBP', 'CAD', 'AUD', 'JPY']);

export function staticSource(): PriceSource {
  return {
    id: 'static',
    indicative: true,
    async fetch(tickers) {
      const out = new Map<string, Decimal>();
      for (const t of tickers) {
        const p = STATIC_USD_PRICES[t];
        if (p) out.set(t, new Decimal(p));
      }
      return out;
    },
  };
}

async function getJson(url: string, timeoutMs: number): Promise<unknown> {
  const res = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`price source answered ${res.status} for ${url}`);
  return res.json();
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A finite, positive number or numeric string as a Decimal; undefined otherwise. */
function positive(v: unknown): Decimal | undefined {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  try {
    const d = new Decimal(v);
    return d.isFinite() && d.gt(0) ? d : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Coinbase public API, GET /v2/exchange-rates?currency=USD: {data:{currency:"USD",rates:{BTC:"0.0000163",…}}}
 * — units of each currency per 1 USD, crypto and fiat in one call; usd(X) = 1 / rates[X].
 */
export function coinbaseSource(baseUrl = 'https://api.coinbase.com', timeoutMs = 5000): PriceSource {
  return {
    id: 'coinbase',
    indicative: false,
    async fetch(tickers) {
      const body = await getJson(`${baseUrl.replace(/\/$/, '')}/v2/exchange-rates?currency=USD`, timeoutMs);
      const rates =
        isRecord(body) && isRecord(body.data) && isRecord(body.data.rates) ? body.data.rates : undefined;
      if (!rates) throw new Error('unexpected Coinbase exchange-rates response');
      const out = new Map<string, Decimal>();
      for (const t of tickers) {
        const perUsd = t === 'USD' ? new Decimal(1) : positive(rates[baseOf(t)]);
        if (perUsd) out.set(t, new Decimal(1).div(perUsd));
      }
      return out;
    },
  };
}

/** CoinGecko coin ids of our tickers. */
export const COINGECKO_IDS: Readonly<Record<string, string>> = {
  BTC: 'bitcoin',
  ETH: 'ethereum',
  LTC: 'litecoin',
  XRP: 'ripple',
  ADA: 'cardano',
  ATOM: 'cosmos',
  ZEC: 'zcash',
  BNB: 'binancecoin',
  TON: 'the-open-network',
  USDT: 'tether',
};

/**
 * CoinGecko public API, GET /api/v3/simple/price?ids=…&vs_currencies=usd,eur,…:
 * {"bitcoin":{"usd":61250,"eur":56712.9,…},…}. Crypto from `usd`; a fiat F from bitcoin's quotes:
 * usd(F) = bitcoin.usd / bitcoin.f.
 */
export function coingeckoSource(baseUrl = 'https://api.coingecko.com', timeoutMs = 5000): PriceSource {
  return {
    id: 'coingecko',
    indicative: false,
    async fetch(tickers) {
      const ids = [...new Set(['bitcoin', ...tickers.map((t) => COINGECKO_IDS[baseOf(t)]).filter(Boolean)])];
      const vs = [
        'usd',
        ...[...FIAT].filter((f) => f !== 'USD' && tickers.includes(f)).map((f) => f.toLowerCase()),
      ];
      const url = `${baseUrl.replace(/\/$/, '')}/api/v3/simple/price?ids=${ids.join(',')}&vs_currencies=${vs.join(',')}&precision=full`;
      const body = await getJson(url, timeoutMs);
      if (!isRecord(body)) throw new Error('unexpected CoinGecko simple/price response');
      const quote = (id: string, vsCur: string) => {
        const coin = body[id];
        return isRecord(coin) ? positive(coin[vsCur]) : undefined;
      };
      const btcUsd = quote('bitcoin', 'usd');
      const out = new Map<string, Decimal>();
      for (const t of tickers) {
        if (t === 'USD') out.set(t, new Decimal(1));
        else if (FIAT.has(t)) {
          const btcF = quote('bitcoin', t.toLowerCase());
          if (btcUsd && btcF) out.set(t, btcUsd.div(btcF));
        } else {
          const id = COINGECKO_IDS[baseOf(t)];
          const usd = id ? quote(id, 'usd') : undefined;
          if (usd) out.set(t, usd);
        }
      }
      return out;
    },
  };
}

export function createPriceSource(cfg: { source: PriceSourceId; url: string | undefined }): PriceSource {
  switch (cfg.source) {
    case 'static':
      return staticSource();
    case 'coinbase':
      return coinbaseSource(cfg.url);
    case 'coingecko':
      return coingeckoSource(cfg.url);
  }
}
