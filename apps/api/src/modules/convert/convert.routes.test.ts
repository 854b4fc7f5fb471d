import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assetId, fund, makeUser } from '../ledger/ledger.test-helpers';

let t: TestApp;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ids = {};
  for (const k of ['USD', 'EUR', 'BTC', 'ETH', 'JPY']) ids[k] = await assetId(t, k);
});
afterAll(() => t.close());

const lock = (token: string, left: string, right: string) =>
  t.request({
    method: 'POST',
    url: '/api/AssetConvert/lock',
    token,
    payload: { leftAssetId: left, rightAssetId: right },
  });
const convert = (token: string, transactionLockId: string, amount: string) =>
  t.request({
    method: 'POST',
    url: '/api/AssetConvert/convert',
    token,
    payload: { transactionLockId, amount },
  });
const balances = async (token: string) => {
  const list = (await t.request({ method: 'GET', url: '/api/Wallets', token })).json().content as {
    ticker: string;
    amount: string;
  }[];
  return Object.fromEntries(list.map((w) => [w.ticker, w.amount]));
};

describe('POST /api/AssetConvert/lock', () => {
  it('locks the server rate for 60 s with the pair details', async () => {
    const u = await makeUser(t);
    const res = await lock(u.token, ids.BTC as string, ids.ETH as string);
    expect(res.statusCode).toBe(200);
    const c = res.json().content;
    expect(c.pair.left).toMatchObject({ ticker: 'BTC', type: 2, decimals: 8 });
    expect(c.pair.right).toMatchObject({ ticker: 'ETH', decimals: 18 });
    expect(c.pair.rate.startsWith('18.28358208955223880597')).toBe(true);
    expect(c).toMatchObject({
      feeRate: '0.005',
      minimumAmountUsd: '99',
      usdPrices: { left: '61250', right: '3350' },
    });
    const ttl = Date.parse(c.expirationUtc) - Date.now();
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(61_000);
  });

  it('refuses the same asset twice, unknown assets and guests', async () => {
    const u = await makeUser(t);
    const same = await lock(u.token, ids.BTC as string, ids.BTC as string);
    expect(same.statusCode).toBe(400);
    expect(same.json().error.code).toBe('SAME_ASSET');
    const unknown = await lock(u.token, ids.BTC as string, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const bad = await lock(u.token, 'x', ids.BTC as string);
    expect(bad.statusCode).toBe(400);
    const guest = await t.request({
      method: 'POST',
      url: '/api/AssetConvert/lock',
      payload: { leftAssetId: ids.BTC, rightAssetId: ids.ETH },
    });
    expect(guest.statusCode).toBe(401);
  });
});

describe('GET and DELETE /api/AssetConvert/lock', () => {
  it('gives and cancels only your own lock; someone else gets 404', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const id = (await lock(a.token, ids.USD as string, ids.BTC as string)).json().content.id;
    expect(
      (await t.request({ method: 'GET', url: `/api/AssetConvert/lock?id=${id}`, token: a.token })).statusCode,
    ).toBe(200);
    const other = await t.request({ method: 'GET', url: `/api/AssetConvert/lock?id=${id}`, token: b.token });
    expect(other.statusCode).toBe(404);
    const otherDel = await t.request({
      method: 'DELETE',
      url: `/api/AssetConvert/lock?id=${id}`,
      token: b.token,
    });
    expect(otherDel.statusCode).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/AssetConvert/lock?id=${id}`, token: a.token }))
        .statusCode,
    ).toBe(200);
  });

  it('a cancelled lock cannot be converted', async () => {
    const u = await makeUser(t);
    await fund(t, u.id, 'USD', '1000');
    const id = (await lock(u.token, ids.USD as string, ids.BTC as string)).json().content.id;
    await t.request({ method: 'DELETE', url: `/api/AssetConvert/lock?id=${id}`, token: u.token });
    const res = await convert(u.token, id, '200');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('LOCK_CANCELLED');
    expect((await balances(u.token)).USD).toBe('1000');
  });
});

describe('POST /api/AssetConvert/convert', () => {
  it('settles at the locked rate, charges the 0.5 % fee, rounds down and returns the transaction id', async () => {
    const u = await makeUser(t);
    await fund(t, u.id, 'USD', '5000');
    const id = (await lock(u.token, ids.USD as string, ids.BTC as string)).json().content.id;
    const res = await convert(u.token, id, '1000.00');
    expect(res.statusCode).toBe(200);
    const txId = res.json().content;
    // 1000 / 61250 = 0.0163265306…; fee 0.5 % = 0.0000816326… -> 0.00008163; received 0.01624489…
    const b = await balances(u.token);
    expect(b).toMatchObject({ USD: '4000', BTC: '0.01624489' });
    const tx = (
      await t.request({ method: 'GET', url: `/api/AssetConvert/transaction?id=${txId}`, token: u.token })
    ).json().content;
    expect(tx).toMatchObject({
      id: txId,
      amount: '1000',
      destinationAmount: '0.01624489',
      fee: '0.00008163',
      feeTicker: 'BTC',
      status: 1,
      sourceWalletTicker: 'USD',
      destinationWalletTicker: 'BTC',
      pair: { left: { ticker: 'USD', type: 1 }, right: { ticker: 'BTC', type: 2 } },
    });
    const again = await convert(u.token, id, '100');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('LOCK_USED');
  });

  it('charges no fee to premium users', async () => {
    const u = await makeUser(t, { premium: true });
    await fund(t, u.id, 'ETH', '1');
    const l = (await lock(u.token, ids.ETH as string, ids.USD as string)).json().content;
    expect(l.feeRate).toBe('0');
    expect((await convert(u.token, l.id, '0.5')).statusCode).toBe(200);
    expect(await balances(u.token)).toMatchObject({ ETH: '0.5', USD: '1675' });
  });

  it('refuses an expired lock with LOCK_EXPIRED and the spec message, moving nothing', async () => {
    const u = await makeUser(t);
    await fund(t, u.id, 'USD', '500');
    const id = (await lock(u.token, ids.USD as string, ids.EUR as string)).json().content.id;
    await t.services.db.execute(
      sql`update price_locks set expires_at = now() - interval '1 second' where id = ${id}`,
    );
    const res = await convert(u.token, id, '200');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'LOCK_EXPIRED',
      error: 'This price lock has expired, please try again.',
    });
    expect((await balances(u.token)).USD).toBe('500');
  });

  it("refuses someone else's lock as not found", async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    await fund(t, b.id, 'USD', '500');
    const id = (await lock(a.token, ids.USD as string, ids.EUR as string)).json().content.id;
    expect((await convert(b.token, id, '200')).statusCode).toBe(404);
  });

  it('refuses amounts with too many decimals, below the minimum, above the balance, or not positive', async () => {
    const u = await makeUser(t);
    await fund(t, u.id, 'USD', '150');
    const id = (await lock(u.token, ids.USD as string, ids.EUR as string)).json().content.id;
    const decimals = await convert(u.token, id, '100.001');
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json().error).toMatchObject({
      code: 'TOO_MANY_DECIMALS',
      error: 'USD amounts have at most 2 decimals',
      params: { ticker: 'USD', decimals: 2 },
    });
    const small = await convert(u.token, id, '98.99');
    expect(small.statusCode).toBe(400);
    expect(small.json().error).toMatchObject({
      code: 'BELOW_MINIMUM',
      error: 'Minimum transaction value is $99 (approximately 99.00000000 USD)',
      params: { minimumUsd: '99', approximateAmount: '99.00000000', ticker: 'USD' },
    });
    const broke = await convert(u.token, id, '150.01');
    expect(broke.statusCode).toBe(400);
    expect(broke.json().error.code).toBe('INSUFFICIENT_FUNDS');
    for (const amount of ['0', '-5', 'abc', '1e3']) {
      const r = await convert(u.token, id, amount);
      expect(r.statusCode, amount).toBe(400);
      expect(r.json().error.fields?.amount).toBe('Please enter a valid amount');
    }
    // None of these used the lock: a valid amount still converts.
    expect((await convert(u.token, id, '150')).statusCode).toBe(200);
    expect(await balances(u.token)).toMatchObject({ USD: '0' });
  });

  it('uses the minimum from the server settings and whole JPY amounts', async () => {
    const u = await makeUser(t);
    await fund(t, u.id, 'JPY', '100000');
    await t.services.system.setSetting('minimum_transaction_amount_usd', '500');
    try {
      const id = (await lock(u.token, ids.JPY as string, ids.USD as string)).json().content.id;
      expect((await convert(u.token, id, '100.5')).json().error.code).toBe('TOO_MANY_DECIMALS');
      const low = await convert(u.token, id, '70000');
      expect(low.json().error.error).toBe(
        'Minimum transaction value is $500 (approximately 74626.86567165 JPY)',
      );
      expect((await convert(u.token, id, '80000')).statusCode).toBe(200);
    } finally {
      await t.services.system.setSetting('minimum_transaction_amount_usd', '99');
    }
  });
});

describe('GET /api/AssetConvert/transactions', () => {
  it('lists only your own conversions, newest first; another user cannot read one', async () => {
    const u = await makeUser(t);
    const other = await makeUser(t);
    await fund(t, u.id, 'USD', '1000');
    const first = (
      await convert(
        u.token,
        (await lock(u.token, ids.USD as string, ids.EUR as string)).json().content.id,
        '100',
      )
    ).json().content;
    const second = (
      await convert(
        u.token,
        (await lock(u.token, ids.USD as string, ids.BTC as string)).json().content.id,
        '200',
      )
    ).json().content;
    const list = (
      await t.request({ method: 'GET', url: '/api/AssetConvert/transactions', token: u.token })
    ).json().content;
    expect(list.map((x: { id: string }) => x.id)).toEqual([second, first]);
    // Pages: one at a time, the total in a header (the earlier system stopped at 500 rows).
    const p2 = await t.request({
      method: 'GET',
      url: '/api/AssetConvert/transactions?page=2&pageSize=1',
      token: u.token,
    });
    expect(p2.json().content.map((x: { id: string }) => x.id)).toEqual([first]);
    expect(p2.headers['x-total-count']).toBe('2');
    for (const q of ['page=0', 'pageSize=101', 'pageSize=x'])
      expect(
        (await t.request({ method: 'GET', url: `/api/AssetConvert/transactions?${q}`, token: u.token }))
          .statusCode,
        q,
      ).toBe(400);
    expect(
      (await t.request({ method: 'GET', url: '/api/AssetConvert/transactions', token: other.token })).json()
        .content,
    ).toEqual([]);
    const peek = await t.request({
      method: 'GET',
      url: `/api/AssetConvert/transaction?id=${first}`,
      token: other.token,
    });
    expect(peek.statusCode).toBe(404);
  });
});
