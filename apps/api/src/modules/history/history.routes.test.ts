import { TransactionStatus } from '@vaultline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposits } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assetId, fund, makeUser } from '../ledger/ledger.test-helpers';

let t: TestApp;
let usd: string;
let btc: string;
beforeAll(async () => {
  t = await createTestApp();
  usd = await assetId(t, 'USD');
  btc = await assetId(t, 'BTC');
});
afterAll(() => t.close());

const history = (token: string, query = '') =>
  t.request({ method: 'GET', url: `/api/History${query}`, token });

async function convertOnce(token: string, amount: string): Promise<string> {
  const lock = await t.request({
    method: 'POST',
    url: '/api/AssetConvert/lock',
    token,
    payload: { leftAssetId: usd, rightAssetId: btc },
  });
  const res = await t.request({
    method: 'POST',
    url: '/api/AssetConvert/convert',
    token,
    payload: { transactionLockId: lock.json().content.id, amount },
  });
  expect(res.statusCode).toBe(200);
  return res.json().content;
}

describe('GET /api/History', () => {
  it("lists the user's conversions and deposits together, newest first, five to a page with the total", async () => {
    const u = await makeUser(t);
    await fund(t, u.id, 'USD', '10000');
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push(await convertOnce(u.token, `${100 + i}`));
      const [d] = await t.services.db
        .insert(deposits)
        .values({
          userId: u.id,
          assetId: btc,
          method: 'crypto',
          amount: `0.0${i + 1}`,
          status: TransactionStatus.awaitingVerification,
          transactionHash: `hash-${u.id}-${i}`,
        })
        .returning({ id: deposits.id });
      ids.push(d?.id as string);
    }
    const first = await history(u.token);
    expect(first.statusCode).toBe(200);
    const p1 = first.json().content;
    expect(p1).toMatchObject({ total: 8, page: 1, pageSize: 5 });
    expect(p1.items).toHaveLength(5);
    const p2 = (await history(u.token, '?page=2')).json().content;
    expect(p2.items).toHaveLength(3);
    // Every item exactly once, newest first.
    const seen = [...p1.items, ...p2.items];
    expect(new Set(seen.map((i: { id: string }) => i.id))).toEqual(new Set(ids));
    const dates = seen.map((i: { creationDate: string }) => Date.parse(i.creationDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const conversion = seen.find((i: { kind: string }) => i.kind === 'conversion');
    expect(conversion).toMatchObject({
      sourceTicker: 'USD',
      destinationTicker: 'BTC',
      status: 1,
      method: null,
    });
    expect(conversion.destinationAmount).toMatch(/^\d+\.\d+$/);
    const deposit = seen.find((i: { kind: string }) => i.kind === 'deposit');
    expect(deposit).toMatchObject({
      sourceTicker: 'BTC',
      destinationTicker: null,
      method: 'crypto',
      status: 3,
    });
    const past = (await history(u.token, '?page=3')).json().content;
    expect(past).toMatchObject({ items: [], total: 8, page: 3 });
  });

  it("shows nobody else's transactions", async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    await fund(t, a.id, 'USD', '500');
    await convertOnce(a.token, '200');
    expect((await history(b.token)).json().content).toMatchObject({ items: [], total: 0 });
    expect((await history(a.token)).json().content.total).toBe(1);
  });

  it('refuses guests and bad page numbers with a clear error', async () => {
    const u = await makeUser(t);
    const guest = await t.request({ method: 'GET', url: '/api/History' });
    expect(guest.statusCode).toBe(401);
    for (const q of ['?page=0', '?page=-1', '?page=abc', '?pageSize=51', '?pageSize=0']) {
      const res = await history(u.token, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().success, q).toBe(false);
    }
  });
});
