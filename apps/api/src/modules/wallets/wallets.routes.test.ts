import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assetId, fund, makeUser } from '../ledger/ledger.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type W = {
  id: string;
  ticker: string;
  amount: string;
  type: number;
  selectedCurrencyPair: { rate: string; right: { ticker: string } };
};

describe('GET /api/Wallets/list', () => {
  it('lists every enabled asset with "0" amounts and USD rates for a guest', async () => {
    const res = await t.request({ method: 'GET', url: '/api/Wallets/list' });
    expect(res.statusCode).toBe(200);
    const list = res.json().content as W[];
    expect(list.map((w) => w.ticker)).toContain('BTC');
    expect(list).toHaveLength(19);
    const btc = list.find((w) => w.ticker === 'BTC');
    expect(btc).toMatchObject({
      amount: '0',
      type: 2,
      selectedCurrencyPair: { left: { ticker: 'BTC' }, right: { ticker: 'USD' }, rate: '61250' },
    });
    expect(btc).not.toHaveProperty('adminWalletAddress');
  });

  it('uses the X-Currency header for guests, and refuses an unknown one', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/Wallets/list',
      headers: { 'x-currency': 'EUR' },
    });
    const eth = (res.json().content as W[]).find((w) => w.ticker === 'ETH');
    // 3350 / 1.08, unrounded
    expect(eth?.selectedCurrencyPair.right.ticker).toBe('EUR');
    expect(eth?.selectedCurrencyPair.rate.startsWith('3101.851851851851851851')).toBe(true);
    const bad = await t.request({
      method: 'GET',
      url: '/api/Wallets/list',
      headers: { 'x-currency': 'XYZ' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION');
  });

  it("shows a signed-in user's balances in the user's preferred currency (header ignored)", async () => {
    const u = await makeUser(t, { currency: 'CHF' });
    await fund(t, u.id, 'BTC', '0.5');
    const res = await t.request({
      method: 'GET',
      url: '/api/Wallets/list',
      token: u.token,
      headers: { 'x-currency': 'EUR' },
    });
    const btc = (res.json().content as W[]).find((w) => w.ticker === 'BTC');
    expect(btc?.amount).toBe('0.5');
    expect(btc?.selectedCurrencyPair.right.ticker).toBe('CHF');
    const mine = await t.request({ method: 'GET', url: '/api/Wallets', token: u.token });
    expect((mine.json().content as W[]).find((w) => w.ticker === 'BTC')?.amount).toBe('0.5');
  });

  it('needs a user for /Wallets and /Wallets/totals', async () => {
    expect((await t.request({ method: 'GET', url: '/api/Wallets' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/Wallets/totals' })).statusCode).toBe(401);
  });
});

describe('wallet lookups (spec-1 §5 messages)', () => {
  it('empty id gives 400 Invalid wallet ID', async () => {
    for (const url of ['/api/Wallets/wallet/', '/api/Wallets/wallet/%20', '/api/Wallets/wallet/not-a-uuid']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.error).toBe('Invalid wallet ID');
    }
  });

  it('finds a wallet by id', async () => {
    const id = await assetId(t, 'ETH');
    const res = await t.request({ method: 'GET', url: `/api/Wallets/wallet/${id}` });
    expect(res.json().content.ticker).toBe('ETH');
  });

  it('empty ticker gives 400 Invalid ticker; unknown gives 404 with the ticker', async () => {
    const empty = await t.request({ method: 'GET', url: '/api/Wallets/wallet/ticker/' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.error).toBe('Invalid ticker');
    const missing = await t.request({ method: 'GET', url: '/api/Wallets/wallet/ticker/DOGE' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.error).toBe('Wallet with ticker DOGE not found');
    const ok = await t.request({ method: 'GET', url: '/api/Wallets/wallet/ticker/btc' });
    expect(ok.json().content.ticker).toBe('BTC');
  });
});

describe('GET /api/Wallets/totals', () => {
  it('converts each asset into the display currency, then sums', async () => {
    const u = await makeUser(t, { currency: 'USD' });
    await fund(t, u.id, 'USD', '5000');
    await fund(t, u.id, 'EUR', '1000');
    await fund(t, u.id, 'BTC', '0.5');
    await fund(t, u.id, 'ETH', '3');
    const res = await t.request({ method: 'GET', url: '/api/Wallets/totals', token: u.token });
    expect(res.statusCode).toBe(200);
    const c = res.json().content;
    // fiat 5000 + 1000*1.08; crypto 0.5*61250 + 3*3350
    expect(c.fiatTotal).toEqual({ amount: '6080', reference: { ticker: 'USD' } });
    expect(c.cryptoTotal.amount).toBe('40675');
    expect(c.accountTotal.amount).toBe('46755');
    // Static prices do not move: no 24 h change.
    expect(c.accountTotalYtd.amount).toBe('46755');
    expect(c.performanceYtd.amount).toBe('0');
    expect(c.accountChangePercent).toBe('0');
  });

  it('values totals in EUR for a EUR user, rounded to 2 decimals at the end', async () => {
    const u = await makeUser(t, { currency: 'EUR' });
    await fund(t, u.id, 'USD', '100');
    const c = (await t.request({ method: 'GET', url: '/api/Wallets/totals', token: u.token })).json().content;
    expect(c.accountTotal).toEqual({ amount: '92.59', reference: { ticker: 'EUR' } });
  });
});
