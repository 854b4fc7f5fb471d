import { randomUUID } from 'node:crypto';
import { TransactionStatus } from '@vaultline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditOf } from '../admin/admin.test-helpers';
import { makeUser } from '../ledger/ledger.test-helpers';
import { ADDR, type Assets, BTC_HASH, createOk, prepareAssets, validCreate } from './exchange.test-helpers';

// Back office lists paged on the server, and every admin decision on an exchange in the audit log.
let t: TestApp;
let a: Assets;
let admin: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  a = await prepareAssets(t);
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const list = (query: string) =>
  t.request({ method: 'GET', url: `/api/Admin/allAnonymousExchanges${query}`, token: admin.token });
const post = (url: string, body: unknown) =>
  t.request({
    method: 'POST',
    url: `/api/Admin/anonymousExchanges/${url}`,
    token: admin.token,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

async function pendingExchange(over: Record<string, unknown> = {}) {
  const id = await createOk(t, validCreate(a, over));
  await t.request({
    method: 'POST',
    url: '/api/PublicExchange/confirmTransaction',
    payload: { exchangeId: id, transactionHash: `${BTC_HASH.slice(0, 56)}${randomUUID().slice(0, 8)}` },
  });
  return id;
}

describe('GET Admin/anonymousExchanges and Admin/allAnonymousExchanges, paged', () => {
  let made: string[];
  beforeAll(async () => {
    made = [];
    for (let i = 0; i < 12; i++) made.push(await createOk(t, validCreate(a)));
    for (let i = 0; i < 3; i++) made.push(await pendingExchange());
  });

  it('gives 10 a page by default, newest first, with the total', async () => {
    const res = await t.request({ method: 'GET', url: '/api/Admin/anonymousExchanges', token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().content;
    expect(page).toMatchObject({ page: 1, pageSize: 10 });
    expect(page.total).toBeGreaterThanOrEqual(15);
    expect(page.items).toHaveLength(10);
    expect(page.items[0].id).toBe(made[made.length - 1]);
    expect(page.items[0].userEmail).toBe('guest.person@example.com');
    const times = page.items.map((e: { creationDate: string }) => Date.parse(e.creationDate));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it('pages without overlap and filters by one status or several', async () => {
    const first = (await list('?pageSize=7')).json().content;
    const second = (await list('?pageSize=7&page=2')).json().content;
    const ids1 = first.items.map((e: { id: string }) => e.id);
    const ids2 = second.items.map((e: { id: string }) => e.id);
    expect(ids1.filter((id: string) => ids2.includes(id))).toEqual([]);
    expect(second.total).toBe(first.total);

    const pending = (await list(`?status=${TransactionStatus.pending}&pageSize=50`)).json().content;
    expect(pending.total).toBe(3);
    expect(pending.items.every((e: { status: number }) => e.status === TransactionStatus.pending)).toBe(true);
    const open = (await list('?status=2,-1,3&pageSize=50')).json().content;
    expect(open.total).toBe(15);
    const beyond = (await list('?status=2&page=9')).json().content;
    expect(beyond).toMatchObject({ items: [], total: 3, page: 9 });
  });

  it('opens the next and previous pages by cursor, and the last pages from the other end, as by number', async () => {
    type Page = { items: { id: string }[]; total: number; before: string | null; after: string | null };
    const ids = (p: Page) => p.items.map((e) => e.id);
    for (const filter of ['', '&status=2,-1,3', '&status=3']) {
      const byNumber: Page[] = [];
      const total: number = (await list(`?pageSize=4${filter}`)).json().content.total;
      const pages = Math.ceil(total / 4);
      for (let p = 1; p <= pages; p++)
        byNumber.push((await list(`?pageSize=4&page=${p}${filter}`)).json().content);
      // Every row once, newest first, across the pages by number (the last ones read from the end).
      expect(byNumber.flatMap(ids)).toHaveLength(total);
      expect(new Set(byNumber.flatMap(ids)).size).toBe(total);
      // Next by cursor: the same pages; previous by cursor: the same pages back.
      for (let p = 2; p <= pages; p++) {
        const next: Page = (
          await list(`?pageSize=4&page=${p}${filter}&after=${byNumber[p - 2]?.after}`)
        ).json().content;
        expect(ids(next), `${filter} page ${p} by cursor`).toEqual(ids(byNumber[p - 1] as Page));
        const back: Page = (
          await list(`?pageSize=4&page=${p - 1}${filter}&before=${byNumber[p - 1]?.before}`)
        ).json().content;
        expect(ids(back), `${filter} page ${p - 1} back by cursor`).toEqual(ids(byNumber[p - 2] as Page));
      }
    }
    const bad = await list(`?after=${encodeURIComponent("1'; drop table users")}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION');
  });

  it('refuses a page size above 50, a page below 1 and an unknown status', async () => {
    for (const q of ['?pageSize=51', '?page=0', '?status=7', '?status=2,x', '?status=']) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
  });
});

describe('admin decisions on an exchange are in the audit log', () => {
  it('a status change, with the notes and the ledger entry of a success', async () => {
    const id = await pendingExchange();
    expect((await post(`update?exchangeId=${id}&status=1`, 'Paid out')).statusCode).toBe(200);
    const [row] = await auditOf(t, id, 'exchange.status');
    expect(row).toMatchObject({
      actorId: admin.id,
      targetType: 'exchange',
      before: { status: 2, adminNotes: null, journalEntryId: null },
      after: { status: 1, adminNotes: 'Paid out' },
    });
    expect(row?.after?.journalEntryId).toEqual(expect.any(String));
    expect(JSON.stringify(row)).not.toContain('guest.person@example.com');
    // Refused (success is final): nothing logged.
    expect((await post(`update?exchangeId=${id}&status=0`, 'no')).statusCode).toBe(409);
    expect(await auditOf(t, id)).toHaveLength(1);
  });

  it('the amount received, then a refund', async () => {
    const id = await pendingExchange({ refundWalletAddress: ADDR.BTC });
    expect((await post(`received?exchangeId=${id}`, { amount: '0.008' })).statusCode).toBe(200);
    const refund = await post(`refund?exchangeId=${id}`, { notes: 'Short payment' });
    expect(refund.statusCode, refund.body).toBe(200);
    const rows = await auditOf(t, id);
    expect(rows.map((r) => r.action)).toEqual(['exchange.refund', 'exchange.received']);
    expect(rows[1]).toMatchObject({
      before: { status: 2, amountReceived: null },
      after: { amountReceived: '0.008' },
    });
    expect(rows[0]).toMatchObject({
      before: { status: 2 },
      after: { status: 0, adminNotes: 'Short payment' },
    });
  });

  it('a requote', async () => {
    const id = await pendingExchange();
    await post(`received?exchangeId=${id}`, { amount: '0.012' });
    const res = await post(`requote?exchangeId=${id}`, { notes: 'Requoted' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await auditOf(t, id, 'exchange.requote');
    expect(row).toMatchObject({
      before: { status: 2, amount: '0.01' },
      after: { status: 1, amount: '0.012' },
    });
  });
});
