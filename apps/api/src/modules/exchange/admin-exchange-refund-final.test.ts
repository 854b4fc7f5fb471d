import { Decimal, TransactionStatus } from '@vaultline/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeUser } from '../ledger/ledger.test-helpers';
import {
  ADDR,
  type Assets,
  BTC_HASH,
  createOk,
  prepareAssets,
  rowOf,
  validCreate,
} from './exchange.test-helpers';
import { chainRefundEntry, refundEntries, settlementEntry } from './exchange-settlement';

// A refund is final: once an admin has refunded an exchange (failed, refund entries posted, the guest
// e-mailed), nothing pays it out any more, in the service and in the database.
let t: TestApp;
let a: Assets;
let admin: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  a = await prepareAssets(t);
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) =>
  t.request({
    method: 'POST',
    url: `/api/Admin/anonymousExchanges/${url}`,
    token: admin.token,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });

/** A confirmed manual exchange whose deposit the admin recorded as `received`, then refunded. */
async function refunded(received: string) {
  const id = await createOk(t, validCreate(a, { amount: '0.01', refundWalletAddress: ADDR.BTC }));
  const confirm = await t.request({
    method: 'POST',
    url: '/api/PublicExchange/confirmTransaction',
    payload: {
      exchangeId: id,
      transactionHash: `${BTC_HASH.slice(0, 56)}${crypto.randomUUID().slice(0, 8)}`,
    },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  expect((await post(`received?exchangeId=${id}`, { amount: received })).statusCode).toBe(200);
  const refund = await post(`refund?exchangeId=${id}`, { notes: 'Sent back' });
  expect(refund.statusCode, refund.body).toBe(200);
  return id;
}

const kindsOf = async (id: string) =>
  (await t.services.db.select().from(journalEntries).where(eq(journalEntries.reference, id)))
    .map((e) => e.kind)
    .sort();

async function expectUntouched(id: string) {
  const row = await rowOf(t, id);
  expect(row?.status).toBe(TransactionStatus.failed);
  expect(row?.refundedAt).not.toBeNull();
  expect(row?.journalEntryId).toBeNull();
  expect(await kindsOf(id)).toEqual(['guest_exchange_received', 'guest_exchange_refund']);
  expect(await t.services.ledger.audit()).toEqual({ unbalanced: [], drift: [], negative: [] });
}

describe('a refunded exchange', () => {
  it('cannot be requoted: 409 ALREADY_REFUNDED, no payout', async () => {
    const id = await refunded('0.008');
    const res = await post(`requote?exchangeId=${id}`, { notes: 'pay it after all' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'ALREADY_REFUNDED',
      error: 'This exchange has already been refunded.',
    });
    await expectUntouched(id);
  });

  it('cannot be approved, nor set to any other status', async () => {
    const id = await refunded('0.01');
    for (const status of [
      TransactionStatus.success,
      TransactionStatus.pending,
      TransactionStatus.notProcessed,
    ]) {
      const res = await post(`update?exchangeId=${id}&status=${status}`, 'approve');
      expect(res.statusCode, String(status)).toBe(409);
      expect(res.json().error.code).toBe('ALREADY_REFUNDED');
    }
    await expectUntouched(id);
  });

  it('keeps its amount received: a new one is refused', async () => {
    const id = await refunded('0.008');
    const res = await post(`received?exchangeId=${id}`, { amount: '0.01' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ALREADY_REFUNDED');
    const withStatus = await post(`update?exchangeId=${id}&status=1&amountReceived=0.01`, 'ok');
    expect(withStatus.statusCode).toBe(409);
    expect((await rowOf(t, id))?.amountReceived).toBe('0.008');
    await expectUntouched(id);
  });
});

/** The database's own words for a refused statement (drizzle wraps the driver's error). */
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    const e = err as { message: string; cause?: { message?: string } };
    return e.cause?.message ?? e.message;
  }
  throw new Error('the statement was not refused');
}

describe('the database keeps a refund final', () => {
  it('refuses a payout entry for an exchange that has a refund entry, and the reverse', async () => {
    const id = await refunded('0.01');
    const row = await rowOf(t, id);
    if (!row) throw new Error('no row');
    await expect(
      t.services.db.transaction((tx) => t.services.ledger.post(tx, settlementEntry(row))),
    ).rejects.toThrow();
    await expectUntouched(id);

    // Paid out first: a refund entry is refused after it.
    const paid = await createOk(t, validCreate(a, { amount: '0.01' }));
    const ok = await post(`update?exchangeId=${paid}&status=1&amountReceived=0.01`, 'paid');
    expect(ok.statusCode, ok.body).toBe(200);
    const amount = new Decimal('0.01');
    const [received, refund] = refundEntries({ id: paid, sourceAssetId: a.btc }, amount);
    expect(
      await refusal(
        t.services.db.transaction(async (tx) => {
          await t.services.ledger.post(tx, received);
          await t.services.ledger.post(tx, refund);
        }),
      ),
    ).toMatch(/already has a guest_exchange entry/);
    expect(
      await refusal(
        t.services.db.transaction((tx) =>
          t.services.ledger.post(tx, chainRefundEntry('guest_exchange_refund', paid, a.btc, amount)),
        ),
      ),
    ).toMatch(/already has a guest_exchange entry/);
    expect(await kindsOf(paid)).toEqual(['guest_exchange']);
    expect(await t.services.ledger.audit()).toEqual({ unbalanced: [], drift: [], negative: [] });
  });

  it('two transactions posting the payout and the refund at once: one of them only', async () => {
    // On PostgreSQL each runs on its own connection; the second waits for the first's lock.
    for (let i = 0; i < 5; i++) {
      const id = await createOk(t, validCreate(a, { amount: '0.01' }));
      const row = await rowOf(t, id);
      if (!row) throw new Error('no row');
      const outcomes = await Promise.allSettled([
        t.services.db.transaction((tx) => t.services.ledger.post(tx, settlementEntry(row))),
        t.services.db.transaction(async (tx) => {
          for (const e of refundEntries(row, new Decimal('0.01'))) await t.services.ledger.post(tx, e);
        }),
      ]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
      const kinds = await kindsOf(id);
      expect(kinds.includes('guest_exchange') !== kinds.includes('guest_exchange_refund')).toBe(true);
    }
    expect(await t.services.ledger.audit()).toEqual({ unbalanced: [], drift: [], negative: [] });
  });

  it('refuses to mark a refunded exchange successful', async () => {
    const id = await refunded('0.01');
    expect(
      await refusal(t.services.db.execute(sql`update guest_exchanges set status = 1 where id = ${id}`)),
    ).toMatch(/guest_exchanges_refund_final/);
    await expectUntouched(id);
  });
});
