import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { newBtcHash } from '../exchange/exchange.test-helpers';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';

let t: TestApp;
let btc: string;
let eth: string;
beforeAll(async () => {
  t = await createTestApp();
  btc = await assetId(t, 'BTC');
  eth = await assetId(t, 'ETH');
  await t.services.db
    .update(assets)
    .set({ adminWalletAddress: 'DEMO-BTC-ADDRESS-0001' })
    .where(eq(assets.id, btc));
  t.services.wallets.catalog.invalidate();
});
afterAll(() => t.close());

const amountOf = async (token: string, ticker: string) =>
  (
    (await t.request({ method: 'GET', url: '/api/Wallets', token })).json().content as {
      ticker: string;
      amount: string;
    }[]
  ).find((w) => w.ticker === ticker)?.amount;
const notify = (token: string, payload: object) =>
  t.request({ method: 'POST', url: '/api/Payment/crypto/notify', token, payload });

describe('crypto deposits', () => {
  it('gives the configured deposit address, or the spec error when there is none', async () => {
    const u = await makeUser(t);
    const ok = await t.request({
      method: 'GET',
      url: `/api/Payment/crypto/address?assetId=${btc}`,
      token: u.token,
    });
    expect(ok.json().content).toEqual({
      assetId: btc,
      ticker: 'BTC',
      address: 'DEMO-BTC-ADDRESS-0001',
      network: null,
      requiredConfirmations: null,
      testDeposit: false,
    });
    const none = await t.request({
      method: 'GET',
      url: `/api/Payment/crypto/address?assetId=${eth}`,
      token: u.token,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({
      code: 'ADDRESS_NOT_CONFIGURED',
      error: 'No deposit address has been configured for ETH. Please contact support.',
    });
  });

  it('records a notice awaiting verification and refuses bad amounts, hashes and duplicates', async () => {
    const u = await makeUser(t);
    const hash = randomBytes(32).toString('hex');
    const res = await notify(u.token, { assetId: btc, amount: '0.01', transactionHash: hash });
    expect(res.statusCode).toBe(200);
    const mine = (await t.request({ method: 'GET', url: '/api/Payment/deposits', token: u.token })).json()
      .content;
    expect(mine).toMatchObject([
      { id: res.json().content, amount: '0.01', status: 3, method: 'crypto', wallet: { ticker: 'BTC' } },
    ]);
    // One hash, one claim per network (DECISIONS §10): refused for anyone, upper case or not.
    const other = await makeUser(t);
    for (const again of [hash, hash.toUpperCase()])
      expect(
        (await notify(other.token, { assetId: btc, amount: '0.1', transactionHash: again })).json().error,
      ).toMatchObject({
        code: 'HASH_CLAIMED',
        error: 'This transaction hash has already been used for another exchange or deposit.',
      });
    expect(
      (await t.request({ method: 'GET', url: '/api/Payment/deposits', token: other.token })).json().content,
    ).toEqual([]);
    expect(
      (await notify(u.token, { assetId: btc, amount: '0.000000001', transactionHash: 'h'.repeat(12) })).json()
        .error.code,
    ).toBe('TOO_MANY_DECIMALS');
    expect(
      (await notify(u.token, { assetId: btc, amount: '0', transactionHash: 'h'.repeat(12) })).statusCode,
    ).toBe(400);
    expect((await notify(u.token, { assetId: btc, amount: '1', transactionHash: 'short' })).statusCode).toBe(
      400,
    );
    expect(
      (await notify(u.token, { assetId: btc, amount: '1', transactionHash: 'h'.repeat(201) })).statusCode,
    ).toBe(400);
    expect(
      (await notify(u.token, { assetId: eth, amount: '1', transactionHash: 'h'.repeat(12) })).json().error
        .code,
    ).toBe('ADDRESS_NOT_CONFIGURED');
  });

  it('an admin approves once (credits the ledger) or rejects with notes; users cannot', async () => {
    const u = await makeUser(t);
    const admin = await makeUser(t, { role: 'admin' });
    const a = (
      await notify(u.token, { assetId: btc, amount: '0.25', transactionHash: 'a'.repeat(64) })
    ).json().content;
    const b = (await notify(u.token, { assetId: btc, amount: '0.5', transactionHash: 'b'.repeat(64) })).json()
      .content;
    expect(
      (await t.request({ method: 'POST', url: `/api/Admin/deposits/${a}/approve`, token: u.token }))
        .statusCode,
    ).toBe(403);
    const list = (
      await t.request({ method: 'GET', url: '/api/Admin/deposits?status=3', token: admin.token })
    ).json().content.items;
    expect(list.find((d: { id: string }) => d.id === a)).toMatchObject({
      user: { firstName: 'Test', lastName: 'User' },
      wallet: { ticker: 'BTC' },
    });
    expect(
      (await t.request({ method: 'POST', url: `/api/Admin/deposits/${a}/approve`, token: admin.token }))
        .statusCode,
    ).toBe(200);
    const twice = await t.request({
      method: 'POST',
      url: `/api/Admin/deposits/${a}/approve`,
      token: admin.token,
    });
    expect(twice.statusCode).toBe(409);
    expect(await amountOf(u.token, 'BTC')).toBe('0.25');
    const rej = await t.request({
      method: 'POST',
      url: `/api/Admin/deposits/${b}/reject`,
      token: admin.token,
      payload: { notes: 'No such transfer' },
    });
    expect(rej.statusCode).toBe(200);
    expect(
      (await t.request({ method: 'POST', url: `/api/Admin/deposits/${b}/approve`, token: admin.token }))
        .statusCode,
    ).toBe(409);
    expect(await amountOf(u.token, 'BTC')).toBe('0.25');
    const mine = (await t.request({ method: 'GET', url: '/api/Payment/deposits', token: u.token })).json()
      .content;
    expect(mine.find((d: { id: string }) => d.id === b)).toMatchObject({
      status: 0,
      adminNotes: 'No such transfer',
    });
    const missing = await t.request({
      method: 'POST',
      url: '/api/Admin/deposits/00000000-0000-4000-8000-000000000000/approve',
      token: admin.token,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('the admin list comes a page at a time, newest first, with the total; bad pages are refused', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const u = await makeUser(t);
    const made: string[] = [];
    for (let i = 0; i < 3; i++)
      made.unshift(
        (
          await notify(u.token, { assetId: btc, amount: `0.00${i + 1}`, transactionHash: newBtcHash() })
        ).json().content,
      );
    const page = async (query: string) => {
      const res = await t.request({ method: 'GET', url: `/api/Admin/deposits${query}`, token: admin.token });
      return { status: res.statusCode, body: res.json() };
    };
    const first = await page('?status=3&page=1&pageSize=2');
    expect(first.status).toBe(200);
    const total = first.body.content.total as number;
    expect(total).toBeGreaterThanOrEqual(3);
    expect(first.body.content).toMatchObject({ page: 1, pageSize: 2 });
    expect(first.body.content.items.map((d: { id: string }) => d.id)).toEqual(made.slice(0, 2));
    const second = await page('?status=3&page=2&pageSize=2');
    expect(second.body.content.items[0].id).toBe(made[2]);
    const past = await page(`?status=3&page=${total + 1}&pageSize=1`);
    expect(past.body.content).toMatchObject({ items: [], total });
    for (const bad of ['?page=0', '?pageSize=0', '?pageSize=51', '?page=x', '?status=9'])
      expect((await page(bad)).status, bad).toBe(400);
  });

  it('concurrent approvals credit exactly once', async () => {
    const u = await makeUser(t);
    const admin = await makeUser(t, { role: 'admin' });
    const id = (await notify(u.token, { assetId: btc, amount: '1', transactionHash: 'c'.repeat(64) })).json()
      .content;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request({ method: 'POST', url: `/api/Admin/deposits/${id}/approve`, token: admin.token }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await amountOf(u.token, 'BTC')).toBe('1');
  });
});
