import { TransactionStatus } from '@vaultline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposits } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ADDR, createOk, prepareAssets, validCreate } from '../exchange/exchange.test-helpers';
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
      sourceDecimals: 2,
      destinationTicker: 'BTC',
      destinationDecimals: 8,
      status: 1,
      method: null,
    });
    expect(conversion.destinationAmount).toMatch(/^\d+\.\d+$/);
    const deposit = seen.find((i: { kind: string }) => i.kind === 'deposit');
    expect(deposit).toMatchObject({
      sourceTicker: 'BTC',
      sourceDecimals: 8,
      destinationTicker: null,
      destinationDecimals: null,
      method: 'crypto',
      status: 3,
    });
    const past = (await history(u.token, '?page=3')).json().content;
    expect(past).toMatchObject({ items: [], total: 8, page: 3 });
  });

  it('opens the next and previous pages by cursor, and the last from the other end, as by number', async () => {
    const u = await makeUser(t);
    await fund(t, u.id, 'USD', '10000');
    const a = await prepareAssets(t);
    for (let i = 0; i < 4; i++) {
      await convertOnce(u.token, `${100 + i}`);
      await t.services.db.insert(deposits).values({
        userId: u.id,
        assetId: btc,
        method: 'crypto',
        amount: '0.01',
        status: TransactionStatus.awaitingVerification,
        transactionHash: `cursor-${u.id}-${i}`,
      });
      const made = await t.request({
        method: 'POST',
        url: '/api/PublicExchange/createExchange',
        token: u.token,
        payload: validCreate(a),
      });
      expect(made.statusCode, made.body).toBe(200);
    }
    type Page = { items: { id: string }[]; total: number; before: string | null; after: string | null };
    const ids = (p: Page) => p.items.map((x) => x.id);
    const byNumber: Page[] = [];
    for (let p = 1; p <= 3; p++)
      byNumber.push((await history(u.token, `?pageSize=5&page=${p}`)).json().content);
    expect(byNumber.map((p) => p.items.length)).toEqual([5, 5, 2]);
    expect(new Set(byNumber.flatMap(ids)).size).toBe(12);
    for (let p = 2; p <= 3; p++) {
      const next: Page = (
        await history(u.token, `?pageSize=5&page=${p}&after=${byNumber[p - 2]?.after}`)
      ).json().content;
      expect(ids(next)).toEqual(ids(byNumber[p - 1] as Page));
      const back: Page = (
        await history(u.token, `?pageSize=5&page=${p - 1}&before=${byNumber[p - 1]?.before}`)
      ).json().content;
      expect(ids(back)).toEqual(ids(byNumber[p - 2] as Page));
    }
    expect((await history(u.token, '?before=not-a-cursor')).statusCode).toBe(400);
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

describe("a signed-in user's own exchanges", () => {
  const createAs = (token: string, payload: object) =>
    t.request({ method: 'POST', url: '/api/PublicExchange/createExchange', token, payload });

  it("are in their history with rate, fee, deposit address and the fixed quote; not in anyone else's", async () => {
    const a = await prepareAssets(t);
    const u = await makeUser(t);
    const other = await makeUser(t);
    const res = await createAs(u.token, validCreate(a, { amount: '0.02' }));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().content.id as string;
    // A guest's exchange (no token) belongs to nobody's history.
    await createOk(t, validCreate(a));
    const page = (await history(u.token)).json().content;
    expect(page.total).toBe(1);
    const public_ = (await t.request({ method: 'GET', url: `/api/PublicExchange/exchange/${id}` })).json()
      .content;
    expect(page.items[0]).toEqual({
      kind: 'exchange',
      id,
      status: TransactionStatus.awaitingVerification,
      creationDate: public_.creationDate,
      updatedAt: public_.updatedAt,
      sourceTicker: 'BTC',
      sourceDecimals: 8,
      destinationTicker: 'ETH',
      destinationDecimals: 18,
      amount: '0.02',
      destinationAmount: public_.destinationAmount,
      fee: public_.fee,
      rate: public_.exchangeRate,
      method: null,
      adminNotes: null,
      transactionHash: null,
      depositAddress: 'HOUSE-DEPOSIT-ADDRESS-0001',
      confirmations: null,
      requiredConfirmations: null,
      refundedAt: null,
    });
    expect((await history(other.token)).json().content.total).toBe(0);
  });

  it('cost a premium user no fee, like conversions', async () => {
    const a = await prepareAssets(t);
    const p = await makeUser(t, { premium: true });
    const plain = await makeUser(t);
    const id = (await createAs(p.token, validCreate(a))).json().content.id as string;
    const id2 = (await createAs(plain.token, validCreate(a))).json().content.id as string;
    const get = async (x: string) =>
      (await t.request({ method: 'GET', url: `/api/PublicExchange/exchange/${x}` })).json().content;
    expect((await get(id)).fee).toBe('0');
    expect(Number((await get(id2)).fee)).toBeGreaterThan(0);
  });
});

describe('GET /api/History/export', () => {
  it('is a CSV file of every row (plain decimals, ISO dates), for the signed-in user only', async () => {
    const a = await prepareAssets(t);
    const u = await makeUser(t);
    await fund(t, u.id, 'USD', '10000');
    for (let i = 0; i < 7; i++) await convertOnce(u.token, `${100 + i}.5`);
    const made = await t.request({
      method: 'POST',
      url: '/api/PublicExchange/createExchange',
      token: u.token,
      payload: validCreate(a, { destinationWalletAddress: ADDR.ETH }),
    });
    expect(made.statusCode, made.body).toBe(200);
    const res = await t.request({ method: 'GET', url: '/api/History/export', token: u.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="vaultline-history-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['x-export-truncated']).toBe('false');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,kind,status,created_at,updated_at,source_asset,amount,destination_asset,destination_amount,fee,rate,method,transaction_hash,notes',
    );
    expect(lines).toHaveLength(1 + 8);
    const amounts = lines.slice(1).map((l) => l.split(',')[6]);
    expect(amounts.sort()).toEqual(['0.01', '100.5', '101.5', '102.5', '103.5', '104.5', '105.5', '106.5']);
    for (const l of lines.slice(1))
      expect(l.split(',')[3]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(res.body).not.toContain('@');
    expect((await t.request({ method: 'GET', url: '/api/History/export' })).statusCode).toBe(401);
  });
});
