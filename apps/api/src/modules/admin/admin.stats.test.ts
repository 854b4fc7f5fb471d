import { Decimal, TransactionStatus } from '@vaultline/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions, guestExchanges, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { BTC_HASH, createOk, prepareAssets, validCreate } from '../exchange/exchange.test-helpers';
import { assetId, fund, makeUser } from '../ledger/ledger.test-helpers';
import { get } from './admin.test-helpers';

let t: TestApp;
let admin: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const stats = async () => {
  const res = await get(t, '/Admin/stats', admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content;
};

/** A settled USD -> BTC conversion of `usd` dollars; returns its id. */
async function convertUsd(usd: string): Promise<string> {
  const u = await makeUser(t);
  await fund(t, u.id, 'USD', usd);
  const [usdId, btcId] = [await assetId(t, 'USD'), await assetId(t, 'BTC')];
  const lock = await t.request({
    method: 'POST',
    url: '/api/AssetConvert/lock',
    token: u.token,
    payload: { leftAssetId: usdId, rightAssetId: btcId },
  });
  const res = await t.request({
    method: 'POST',
    url: '/api/AssetConvert/convert',
    token: u.token,
    payload: { transactionLockId: lock.json().content.id, amount: usd },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content as string;
}

const daysAgo = (days: number) => sql`now() - ${String(days)}::numeric * interval '1 day'`;

describe('GET Admin/stats', () => {
  it('counts users and new users by the database clock', async () => {
    const before = await stats();
    const made = [await makeUser(t), await makeUser(t), await makeUser(t), await makeUser(t)];
    const ages = [0, 3, 20, 40];
    for (const [i, u] of made.entries())
      await t.services.db
        .update(users)
        .set({ creationDate: daysAgo(ages[i] ?? 0) })
        .where(eq(users.id, u.id));
    const after = await stats();
    expect({
      total: after.totalUsers - before.totalUsers,
      d1: after.newUsers24h - before.newUsers24h,
      d7: after.newUsers7d - before.newUsers7d,
      d30: after.newUsers30d - before.newUsers30d,
    }).toEqual({ total: 4, d1: 1, d7: 2, d30: 3 });
  });

  it('sums successful conversions and guest exchanges in USD at execution, by when they settled', async () => {
    expect(await stats()).toMatchObject({
      totalTradedAmount: '0.00',
      tradedAmount24h: '0.00',
      tradedAmount7d: '0.00',
      tradedAmount30d: '0.00',
    });
    await convertUsd('150');
    const threeDays = await convertUsd('200.25');
    const old = await convertUsd('300');
    await t.services.db
      .update(conversions)
      .set({ creationDate: daysAgo(3) })
      .where(eq(conversions.id, threeDays));
    await t.services.db
      .update(conversions)
      .set({ creationDate: daysAgo(40) })
      .where(eq(conversions.id, old));

    // Guest exchanges: one approved (counts at its USD value fixed with the quote), one rejected,
    // one still pending (neither counts).
    const a = await prepareAssets(t);
    const confirmOne = async () => {
      const id = await createOk(t, validCreate(a));
      await t.request({
        method: 'POST',
        url: '/api/PublicExchange/confirmTransaction',
        payload: { exchangeId: id, transactionHash: BTC_HASH },
      });
      return id;
    };
    const decide = (id: string, status: number) =>
      t.request({
        method: 'POST',
        url: `/api/Admin/anonymousExchanges/update?exchangeId=${id}&status=${status}`,
        token: admin.token,
        payload: JSON.stringify('decided'),
        headers: { 'content-type': 'application/json' },
      });
    const approved = await confirmOne();
    expect((await decide(approved, TransactionStatus.success)).statusCode).toBe(200);
    expect((await decide(await confirmOne(), TransactionStatus.failed)).statusCode).toBe(200);
    await confirmOne();
    const [ex] = await t.services.db.select().from(guestExchanges).where(eq(guestExchanges.id, approved));
    const exchangeUsd = new Decimal(ex?.usdValue ?? 'NaN');
    expect(exchangeUsd.gt(0)).toBe(true);

    const recent = new Decimal('150').plus(exchangeUsd);
    expect(await stats()).toMatchObject({
      totalTradedAmount: recent.plus('200.25').plus('300').toFixed(2),
      tradedAmount24h: recent.toFixed(2),
      tradedAmount7d: recent.plus('200.25').toFixed(2),
      tradedAmount30d: recent.plus('200.25').toFixed(2),
    });
  });
});
