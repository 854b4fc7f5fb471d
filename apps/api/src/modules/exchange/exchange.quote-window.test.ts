import { TransactionStatus } from '@vaultline/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeUser } from '../ledger/ledger.test-helpers';
import { EXPIRED_NOTE } from './exchange.service';
import {
  type Assets,
  createOk,
  newBtcHash,
  prepareAssets,
  rowOf,
  validCreate,
} from './exchange.test-helpers';

// A guest exchange's quote holds for the expiry window (EXCHANGE_EXPIRY_MINUTES, 30 by default): a
// confirmation after it is refused even before the expiry job has run, and an admin does not settle
// a lapsed quote at its old rate (a requote prices what arrived at today's).
let t: TestApp;
let a: Assets;
let admin: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  a = await prepareAssets(t);
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

/** An exchange made `minutes` ago (its quote's window is 30 minutes). */
async function madeAgo(minutes: number) {
  const id = await createOk(t, validCreate(a, { amount: '0.01' }));
  await t.services.db.execute(
    sql`update guest_exchanges set creation_date = now() - make_interval(mins => ${minutes}) where id = ${id}`,
  );
  return id;
}
const confirm = (exchangeId: string) =>
  t.request({
    method: 'POST',
    url: '/api/PublicExchange/confirmTransaction',
    payload: { exchangeId, transactionHash: newBtcHash() },
  });
const admin$ = (url: string, payload: unknown) =>
  t.request({
    method: 'POST',
    url: `/api/Admin/anonymousExchanges/${url}`,
    token: admin.token,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
const entriesOf = async (id: string) =>
  (await t.services.db.select().from(journalEntries).where(eq(journalEntries.reference, id))).map(
    (e) => e.kind,
  );

describe('the quote window of a guest exchange', () => {
  it('refuses a confirmation after the window, before the expiry job has run, and expires the exchange', async () => {
    const id = await madeAgo(31);
    const res = await confirm(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'EXCHANGE_NOT_AWAITING',
      error: 'This exchange is no longer waiting for a deposit.',
    });
    const row = await rowOf(t, id);
    expect(row).toMatchObject({
      status: TransactionStatus.failed,
      adminNotes: EXPIRED_NOTE,
      transactionHash: null,
      confirmedAt: null,
    });
    // Within the window a confirmation is taken as before.
    const fresh = await madeAgo(29);
    expect((await confirm(fresh)).statusCode).toBe(200);
  });

  it('an admin cannot approve a quote that lapsed unconfirmed; a requote settles it at today’s rate', async () => {
    const id = await madeAgo(45);
    const res = await admin$(`update?exchangeId=${id}&status=${TransactionStatus.success}`, 'ok');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'EXCHANGE_QUOTE_EXPIRED' });
    expect(await entriesOf(id)).toEqual([]);
    expect((await rowOf(t, id))?.status).not.toBe(TransactionStatus.success);
    // The deposit arrived in full, late: the requote prices it now (no "approve instead").
    expect((await admin$(`received?exchangeId=${id}`, { amount: '0.01' })).statusCode).toBe(200);
    const requote = await admin$(`requote?exchangeId=${id}`, { notes: 'Arrived late' });
    expect(requote.statusCode, requote.body).toBe(200);
    expect(requote.json().content).toMatchObject({ status: TransactionStatus.success, quotedAmount: '0.01' });
    expect(await entriesOf(id)).toEqual(['guest_exchange']);
  });

  it('an exchange confirmed after its window (before this rule) is not approved at its old rate either', async () => {
    const id = await madeAgo(40);
    await t.services.db.execute(
      sql`update guest_exchanges set status = 2, transaction_hash = ${newBtcHash()},
            confirmed_at = now() - interval '1 minute' where id = ${id}`,
    );
    const res = await admin$(`update?exchangeId=${id}&status=${TransactionStatus.success}`, 'ok');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('EXCHANGE_QUOTE_EXPIRED');
    expect(await entriesOf(id)).toEqual([]);
    // Confirmed in time and approved later: its quote holds.
    const inTime = await madeAgo(20);
    expect((await confirm(inTime)).statusCode).toBe(200);
    await t.services.db.execute(
      sql`update guest_exchanges set creation_date = creation_date - interval '2 hours',
            confirmed_at = confirmed_at - interval '2 hours' where id = ${inTime}`,
    );
    const approved = await admin$(`update?exchangeId=${inTime}&status=${TransactionStatus.success}`, 'ok');
    expect(approved.statusCode, approved.body).toBe(200);
  });
});
