import { randomUUID } from 'node:crypto';
import { Decimal, TransactionStatus } from '@vaultline/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeUser } from '../ledger/ledger.test-helpers';
import { type Assets, BTC_HASH, createOk, prepareAssets, rowOf, validCreate } from './exchange.test-helpers';

let t: TestApp;
let a: Assets;
let admin: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  a = await prepareAssets(t);
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const update = (token: string | undefined, id: string, status: number | string, notes: unknown = '') =>
  t.request({
    method: 'POST',
    url: `/api/Admin/anonymousExchanges/update?exchangeId=${id}&status=${status}`,
    ...(token ? { token } : {}),
    payload: JSON.stringify(notes),
    headers: { 'content-type': 'application/json' },
  });

async function pendingExchange(email = 'admin.case@example.com') {
  const id = await createOk(t, validCreate(a, { userEmail: email }));
  await t.request({
    method: 'POST',
    url: '/api/PublicExchange/confirmTransaction',
    payload: { exchangeId: id, transactionHash: BTC_HASH },
  });
  return id;
}

/** The entry's postings by (account kind, asset). */
async function legsOf(reference: string) {
  const rows = await t.services.db
    .select({ kind: ledgerAccounts.kind, assetId: postings.assetId, amount: postings.amount })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(and(eq(journalEntries.kind, 'guest_exchange'), eq(journalEntries.reference, reference)));
  return rows.map((r) => ({ ...r, amount: new Decimal(r.amount).toFixed() }));
}

describe('back office: anonymous exchanges', () => {
  it('only admins list them (with the e-mail) or change them', async () => {
    const id = await pendingExchange('listed.guest@example.com');
    const user = await makeUser(t);
    expect((await t.request({ method: 'GET', url: '/api/Admin/anonymousExchanges' })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/api/Admin/anonymousExchanges', token: user.token }))
        .statusCode,
    ).toBe(403);
    expect((await update(user.token, id, 1)).statusCode).toBe(403);
    expect((await update(undefined, id, 1)).statusCode).toBe(401);
    const all = (
      await t.request({ method: 'GET', url: '/api/Admin/anonymousExchanges', token: admin.token })
    ).json();
    expect(all.content.items.find((x: { id: string }) => x.id === id)?.userEmail).toBe(
      'listed.guest@example.com',
    );
    const pending = await t.request({
      method: 'GET',
      url: `/api/Admin/allAnonymousExchanges?status=${TransactionStatus.pending}`,
      token: admin.token,
    });
    expect(
      pending.json().content.items.every((x: { status: number }) => x.status === TransactionStatus.pending),
    ).toBe(true);
    expect((await rowOf(t, id))?.status).toBe(TransactionStatus.pending);
  });

  it('success settles the exchange once in the ledger, against the outside world; success is final', async () => {
    const id = await pendingExchange();
    const row = await rowOf(t, id);
    const res = await update(admin.token, id, TransactionStatus.success, 'Paid out');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toMatchObject({
      id,
      status: TransactionStatus.success,
      adminNotes: 'Paid out',
    });
    const legs = await legsOf(id);
    const amount = new Decimal(row?.amount ?? '0');
    const receive = new Decimal(row?.destinationAmount ?? '0');
    const fee = new Decimal(row?.fee ?? '0');
    expect(legs).toEqual(
      expect.arrayContaining([
        { kind: 'external', assetId: a.btc, amount: amount.neg().toFixed() },
        { kind: 'house', assetId: a.btc, amount: amount.toFixed() },
        { kind: 'house', assetId: a.eth, amount: receive.plus(fee).neg().toFixed() },
        { kind: 'external', assetId: a.eth, amount: receive.toFixed() },
        { kind: 'fee', assetId: a.eth, amount: fee.toFixed() },
      ]),
    );
    expect(legs).toHaveLength(fee.gt(0) ? 5 : 4);
    expect((await rowOf(t, id))?.journalEntryId).not.toBeNull();
    for (const status of [TransactionStatus.success, TransactionStatus.failed, TransactionStatus.pending]) {
      const again = await update(admin.token, id, status, 'again');
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('EXCHANGE_FINAL');
    }
    expect(await legsOf(id)).toHaveLength(legs.length);
    expect(await t.services.ledger.audit()).toEqual({ unbalanced: [], drift: [], negative: [] });
    const mails = await t.services.mail.outbox({ to: 'admin.case@example.com', limit: 20 });
    expect(
      mails.some((m) => m.body.includes('Your exchange is now: completed.') && m.body.includes('Paid out')),
    ).toBe(true);
  });

  it('concurrent approvals post exactly one entry', async () => {
    const id = await pendingExchange();
    const results = await Promise.all(Array.from({ length: 6 }, () => update(admin.token, id, 1, 'ok')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    const entries = await t.services.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.kind, 'guest_exchange'), eq(journalEntries.reference, id)));
    expect(entries).toHaveLength(1);
  });

  it('a rejection keeps the notes and moves no money; bad input is refused clearly', async () => {
    const id = await pendingExchange();
    const res = await update(admin.token, id, TransactionStatus.failed, 'No deposit received');
    expect(res.json().content).toMatchObject({
      status: TransactionStatus.failed,
      adminNotes: 'No deposit received',
    });
    expect(await legsOf(id)).toEqual([]);
    expect((await update(admin.token, id, 7)).statusCode).toBe(400);
    expect((await update(admin.token, 'nope', 1)).statusCode).toBe(400);
    expect((await update(admin.token, id, 1, 'x'.repeat(1001))).statusCode).toBe(400);
    const missing = await update(admin.token, randomUUID(), 1);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('EXCHANGE_NOT_FOUND');
  });
});
