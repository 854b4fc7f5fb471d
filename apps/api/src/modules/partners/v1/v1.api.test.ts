import { Decimal } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerQuotes } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { prepareAssets } from '../../exchange/exchange.test-helpers';
import { assetId } from '../../ledger/ledger.test-helpers';
import { makePartner, type TestPartner, withKey } from '../partners.test-helpers';
import {
  BTC_ADDRESS,
  ETH_ADDRESS,
  exchangeRowOf,
  partnerExchangeCount,
  quoteOf,
  v1Ok,
} from './v1.test-helpers';

let t: TestApp;
let p: TestPartner;
let other: TestPartner;
beforeAll(async () => {
  t = await createTestApp();
  await prepareAssets(t);
  p = await makePartner(t, { maxCommission: '0.02', commission: '0.01' });
  other = await makePartner(t, { commission: '0' });
});
afterAll(() => t.close());

const fixed = (key: string, payload: object, headers?: object) =>
  withKey(t, key, {
    method: 'POST',
    url: '/api/v1/exchanges/fixed',
    payload,
    ...(headers ? { headers } : {}),
  });

describe('partner API keys and scopes', () => {
  it('refuses a call without a key or with a wrong one, in the envelope', async () => {
    for (const key of [undefined, 'vl_not_a_real_key']) {
      const res = await withKey(t, key, { url: '/api/v1/coins' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'API_KEY_INVALID' } });
    }
  });

  it('a read-only key reads but cannot quote or create', async () => {
    const ro = await makePartner(t, { scopes: ['read'] });
    expect((await withKey(t, ro.key, { url: '/api/v1/coins' })).statusCode).toBe(200);
    for (const url of ['/api/v1/quotes', '/api/v1/exchanges/fixed', '/api/v1/exchanges/variable']) {
      const res = await withKey(t, ro.key, { method: 'POST', url, payload: {} });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('API_KEY_SCOPE');
    }
  });

  it('an exchanges-only key cannot read', async () => {
    const wo = await makePartner(t, { scopes: ['exchanges'] });
    const res = await withKey(t, wo.key, { url: '/api/v1/exchanges' });
    expect(res.statusCode).toBe(403);
  });

  it('answers RateLimit headers per key', async () => {
    const res = await withKey(t, p.key, { url: '/api/v1/coins' });
    expect(res.headers['ratelimit-limit']).toBeDefined();
    expect(res.headers['ratelimit-remaining']).toBeDefined();
  });
});

describe('GET /api/v1/coins', () => {
  it('lists the crypto assets with decimals, memo, minimum at the current price and no maximum', async () => {
    const coins = (await v1Ok(t, p.key, '/api/v1/coins')) as Record<string, unknown>[];
    const btc = coins.find((c) => c.ticker === 'BTC');
    // The server's 99 USD minimum at its BTC price, rounded up to 8 decimals.
    const min = new Decimal(99).div(t.services.prices.freshUsd('BTC')).toDecimalPlaces(8, Decimal.ROUND_UP);
    expect(btc).toMatchObject({
      network: 'BTC',
      decimals: 8,
      memo: false,
      deposit: true,
      min: min.toFixed(),
    });
    expect(btc?.max).toBeNull();
    expect(btc?.variable).toBe(false);
    expect(coins.find((c) => c.ticker === 'XRP')?.memo).toBe(true);
    expect(coins.find((c) => c.ticker === 'LTC')?.deposit).toBe(false);
    expect(coins.some((c) => c.ticker === 'USD')).toBe(false);
  });
});

describe('POST /api/v1/quotes', () => {
  it('quotes at the server prices with the fee and the commission taken from what the user gets', async () => {
    const q = await quoteOf(t, p.key);
    const rate = t.services.prices.freshUsd('BTC').div(t.services.prices.freshUsd('ETH'));
    // What a guest gets (fee 0.5 %), then 1 % of it to the partner, rounded down to 18 decimals.
    const gross = new Decimal('0.01').mul(rate);
    const guest = gross.minus(gross.mul('0.005')).toDecimalPlaces(18, Decimal.ROUND_DOWN);
    const commission = guest.mul('0.01').toDecimalPlaces(18, Decimal.ROUND_DOWN);
    expect(q).toMatchObject({
      from: 'BTC',
      to: 'ETH',
      amount: '0.01',
      rate: rate.toFixed(),
      fee: gross.mul('0.005').toDecimalPlaces(18, Decimal.ROUND_DOWN).toFixed(),
      commission: commission.toFixed(),
      commissionRate: '0.01',
      destinationAmount: guest.minus(commission).toFixed(),
    });
    // Tickers in any case.
    expect(await quoteOf(t, p.key, { from: 'btc', to: ' eth ', amount: '0.01' })).toMatchObject({
      from: 'BTC',
      to: 'ETH',
    });
    const ms = Date.parse(q.expiresAt) - Date.now();
    expect(ms).toBeGreaterThan(14 * 60_000);
    expect(ms).toBeLessThanOrEqual(15 * 60_000);
  });

  it('the user plus the partner get exactly what a plain guest exchange gives; 0 % takes nothing', async () => {
    const q = await quoteOf(t, p.key);
    const zero = await quoteOf(t, other.key);
    const guest = await t.request({
      method: 'POST',
      url: '/api/PublicExchange/createExchange',
      payload: {
        sourceWalletId: await assetId(t, 'BTC'),
        destinationWalletId: await assetId(t, 'ETH'),
        amount: '0.01',
        userEmail: 'plain.guest@example.com',
        destinationWalletAddress: ETH_ADDRESS,
      },
    });
    const plain = (await exchangeRowOf(t, guest.json().content.id)).destinationAmount;
    expect(new Decimal(q.destinationAmount).plus(q.commission).toFixed()).toBe(new Decimal(plain).toFixed());
    expect(zero).toMatchObject({ commission: '0', destinationAmount: new Decimal(plain).toFixed() });
  });

  it('refuses bad input with 400 in the envelope, never a 500', async () => {
    const cases: [object, string][] = [
      [{ from: 'BTC', to: 'ETH' }, 'VALIDATION'],
      [{ from: 'BTC', to: 'ETH', amount: 5 }, 'VALIDATION'],
      [{ from: 'NOPE', to: 'ETH', amount: '1' }, 'UNKNOWN_ASSET'],
      [{ from: 'USD', to: 'ETH', amount: '100' }, 'UNKNOWN_ASSET'],
      [{ from: 'BTC', to: 'BTC', amount: '1' }, 'SAME_ASSET'],
      [{ from: 'BTC', to: 'ETH', amount: 'abc' }, 'INVALID_AMOUNT'],
      [{ from: 'BTC', to: 'ETH', amount: '-1' }, 'INVALID_AMOUNT'],
      [{ from: 'BTC', to: 'ETH', amount: '0.123456789' }, 'TOO_MANY_DECIMALS'],
      [{ from: 'BTC', to: 'ETH', amount: '0.0001' }, 'BELOW_MINIMUM'],
    ];
    for (const [payload, code] of cases) {
      const res = await withKey(t, p.key, { method: 'POST', url: '/api/v1/quotes', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: { code } });
    }
  });
});

describe('POST /api/v1/exchanges/fixed', () => {
  it('creates the guest exchange from the quote: the partner, its commission, fixed mode', async () => {
    const q = await quoteOf(t, p.key);
    const res = await fixed(p.key, { quoteId: q.id, destinationAddress: ETH_ADDRESS });
    expect(res.statusCode, res.body).toBe(201);
    const e = res.json().content;
    expect(e).toMatchObject({
      status: 'awaiting_deposit',
      mode: 'fixed',
      from: 'BTC',
      to: 'ETH',
      amount: '0.01',
      destinationAmount: q.destinationAmount,
      rate: q.rate,
      commission: q.commission,
      depositAddress: 'HOUSE-DEPOSIT-ADDRESS-0001',
      network: 'BTC',
      destinationAddress: ETH_ADDRESS,
      destinationMemo: null,
      refundAddress: null,
    });
    expect(JSON.stringify(e)).not.toContain('@');
    const row = await exchangeRowOf(t, e.id);
    expect(row).toMatchObject({
      partnerId: p.userId,
      partnerCommissionRate: '0.01',
      partnerCommission: q.commission,
      destinationAmount: q.destinationAmount,
      rateMode: 'fixed',
      partnerQuoteId: q.id,
      // No end user's e-mail: the partner account's, never shown.
      email: p.email,
    });
    // It is a guest exchange like any other: its public page shows it.
    const pub = await t.request({ method: 'GET', url: `/api/PublicExchange/exchange/${e.id}` });
    expect(pub.json().content.destinationAmount).toBe(q.destinationAmount);
  });

  it('uses a quote once: the second create is refused and stores nothing', async () => {
    const q = await quoteOf(t, p.key);
    expect((await fixed(p.key, { quoteId: q.id, destinationAddress: ETH_ADDRESS })).statusCode).toBe(201);
    const before = await partnerExchangeCount(t, p.userId);
    const again = await fixed(p.key, { quoteId: q.id, destinationAddress: ETH_ADDRESS });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('QUOTE_USED');
    expect(await partnerExchangeCount(t, p.userId)).toBe(before);
  });

  it('concurrent creates on one quote make one exchange', async () => {
    const q = await quoteOf(t, p.key);
    const before = await partnerExchangeCount(t, p.userId);
    const all = await Promise.all(
      Array.from({ length: 8 }, () => fixed(p.key, { quoteId: q.id, destinationAddress: ETH_ADDRESS })),
    );
    expect(all.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(all.filter((r) => r.statusCode === 409).every((r) => r.json().error.code === 'QUOTE_USED')).toBe(
      true,
    );
    expect(await partnerExchangeCount(t, p.userId)).toBe(before + 1);
  });

  it('refuses an expired quote (410) and another partner’s quote (404)', async () => {
    const q = await quoteOf(t, p.key);
    const mine = await quoteOf(t, other.key);
    await t.services.db
      .update(partnerQuotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(partnerQuotes.id, q.id));
    const expired = await fixed(p.key, { quoteId: q.id, destinationAddress: ETH_ADDRESS });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('QUOTE_EXPIRED');
    const foreign = await fixed(p.key, { quoteId: mine.id, destinationAddress: ETH_ADDRESS });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('QUOTE_NOT_FOUND');
  });

  it('checks the addresses, memo and e-mail like the guest exchange, and keeps the quote unused', async () => {
    const q = await quoteOf(t, p.key);
    const cases: [object, string][] = [
      [{ destinationAddress: BTC_ADDRESS }, 'INVALID_WALLET_ADDRESS'],
      [{ destinationAddress: ETH_ADDRESS, refundAddress: ETH_ADDRESS }, 'INVALID_REFUND_ADDRESS'],
      [{ destinationAddress: ETH_ADDRESS, destinationMemo: '12' }, 'MEMO_NOT_USED'],
      [{ destinationAddress: ETH_ADDRESS, email: 'not-an-email' }, 'INVALID_EMAIL'],
      [{ destinationAddress: ETH_ADDRESS, quoteId: 'nope' }, 'VALIDATION'],
    ];
    for (const [over, code] of cases) {
      const res = await fixed(p.key, { quoteId: q.id, ...over });
      expect(res.statusCode, code).toBe(400);
      expect(res.json().error.code).toBe(code);
    }
    const ok = await fixed(p.key, {
      quoteId: q.id,
      destinationAddress: ETH_ADDRESS,
      email: 'end.user@example.com',
    });
    expect(ok.statusCode).toBe(201);
    expect((await exchangeRowOf(t, ok.json().content.id)).email).toBe('end.user@example.com');
  });
});

describe('POST /api/v1/exchanges/variable', () => {
  it('is refused with 422 where the source network is not watched', async () => {
    const res = await withKey(t, p.key, {
      method: 'POST',
      url: '/api/v1/exchanges/variable',
      payload: { from: 'BTC', to: 'ETH', amount: '0.01', destinationAddress: ETH_ADDRESS },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'VARIABLE_NOT_WATCHED', params: { ticker: 'BTC' } });
  });
});

describe('GET /api/v1/exchanges', () => {
  it('shows a partner its own exchanges only', async () => {
    const q = await quoteOf(t, p.key);
    const e = await v1Ok(t, p.key, '/api/v1/exchanges/fixed', {
      quoteId: q.id,
      destinationAddress: ETH_ADDRESS,
    });
    expect((await v1Ok(t, p.key, `/api/v1/exchanges/${e.id}`)).id).toBe(e.id);
    const res = await withKey(t, other.key, { url: `/api/v1/exchanges/${e.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('EXCHANGE_NOT_FOUND');
    expect((await withKey(t, p.key, { url: '/api/v1/exchanges/not-a-uuid' })).statusCode).toBe(400);
    const list = await v1Ok(t, other.key, '/api/v1/exchanges');
    expect(list.items.some((x: { id: string }) => x.id === e.id)).toBe(false);
  });

  it('pages newest first with an opaque cursor, every exchange once', async () => {
    const pg = await makePartner(t, { commission: '0.005' });
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const q = await quoteOf(t, pg.key);
      made.push(
        (await v1Ok(t, pg.key, '/api/v1/exchanges/fixed', { quoteId: q.id, destinationAddress: ETH_ADDRESS }))
          .id,
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: string }[]; nextCursor: string | null } = await v1Ok(
        t,
        pg.key,
        `/api/v1/exchanges?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((x) => x.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
    for (const bad of ['limit=0', 'limit=101', 'cursor=%24%24', 'cursor=bm90LWEtY3Vyc29y']) {
      const res = await withKey(t, pg.key, { url: `/api/v1/exchanges?${bad}` });
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
