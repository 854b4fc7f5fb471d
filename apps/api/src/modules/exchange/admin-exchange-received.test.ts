import { Decimal, EXCHANGE_RECEIVED_ERRORS, TransactionStatus } from '@vaultline/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeUser } from '../ledger/ledger.test-helpers';
import { EXPIRED_NOTE } from './exchange.service';
import {
  ADDR,
  type Assets,
  BTC_HASH,
  createOk,
  prepareAssets,
  rowOf,
  validCreate,
} from './exchange.test-helpers';

// The money a guest actually sent: recorded by the admin; a difference blocks a plain approval and is
// settled by a requote (success at today's rate) or a refund (received and sent back); e-mailed.
let t: TestApp;
let a: Assets;
let admin: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  a = await prepareAssets(t);
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, token: string | null = admin.token) =>
  t.request({
    method: 'POST',
    url: `/api/Admin/anonymousExchanges/${url}`,
    ...(token ? { token } : {}),
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });

async function pendingExchange(over: Record<string, unknown> = {}) {
  const id = await createOk(t, validCreate(a, { amount: '0.01', ...over }));
  const res = await t.request({
    method: 'POST',
    url: '/api/PublicExchange/confirmTransaction',
    payload: {
      exchangeId: id,
      transactionHash: `${BTC_HASH.slice(0, 60)}${Math.random().toString(16).slice(2, 6)}`,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

/** Postings by (entry kind, account kind) of one exchange. */
async function legsOf(reference: string) {
  const rows = await t.services.db
    .select({ entry: journalEntries.kind, kind: ledgerAccounts.kind, amount: postings.amount })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(
      and(
        eq(journalEntries.reference, reference),
        inArray(journalEntries.kind, ['guest_exchange', 'guest_exchange_received', 'guest_exchange_refund']),
      ),
    );
  return rows.map((r) => ({ ...r, amount: new Decimal(r.amount).toFixed() }));
}
const mailsTo = (to: string) => t.services.mail.outbox({ to, limit: 20 });

describe('the amount a guest actually sent', () => {
  it('an approval with a different amount received is refused with the difference; nothing settles', async () => {
    const id = await pendingExchange();
    const res = await post(`update?exchangeId=${id}&status=1&amountReceived=0.008`, 'ok');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'AMOUNT_DIFFERS',
      error: EXCHANGE_RECEIVED_ERRORS.amountDiffers('0.008', '0.01', 'BTC'),
      params: { received: '0.008', quoted: '0.01', ticker: 'BTC' },
    });
    const row = await rowOf(t, id);
    expect(row?.status).toBe(TransactionStatus.pending);
    expect(row?.amountReceived).toBe('0.008');
    expect(await legsOf(id)).toEqual([]);
    const listed = (
      await t.request({ method: 'GET', url: '/api/Admin/anonymousExchanges', token: admin.token })
    ).json().content.items;
    expect(listed.find((x: { id: string }) => x.id === id)).toMatchObject({
      amountReceived: '0.008',
      difference: '-0.002',
    });
    // The exact amount approves as before.
    const exact = await pendingExchange();
    expect((await post(`update?exchangeId=${exact}&status=1&amountReceived=0.0100`, '')).statusCode).toBe(
      200,
    );
    expect((await legsOf(exact)).length).toBeGreaterThan(0);
  });

  it('a requote settles what arrived at the current rate, keeps the first quote and tells the guest', async () => {
    const email = 'under.payer@example.com';
    const id = await pendingExchange({ userEmail: email, language: 'de-de' });
    const first = await rowOf(t, id);
    expect((await post(`requote?exchangeId=${id}`, { notes: '' })).json().error.code).toBe(
      'RECEIVED_REQUIRED',
    );
    expect((await post(`received?exchangeId=${id}`, { amount: '0.0123' })).statusCode).toBe(200);
    const res = await post(`requote?exchangeId=${id}`, {
      notes: 'Over-paid',
      payoutHash: `0x${'ef'.repeat(32)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().content;
    expect(c).toMatchObject({
      status: TransactionStatus.success,
      amount: '0.0123',
      amountReceived: '0.0123',
      difference: null,
      quotedAmount: '0.01',
      quotedDestinationAmount: new Decimal(first?.destinationAmount as string).toFixed(),
      payoutHash: `0x${'ef'.repeat(32)}`,
    });
    expect(new Decimal(c.destinationAmount).gt(first?.destinationAmount as string)).toBe(true);
    const legs = await legsOf(id);
    expect(legs.find((l) => l.kind === 'external' && new Decimal(l.amount).isNeg())?.amount).toBe('-0.0123');
    expect(await t.services.ledger.audit()).toEqual({ unbalanced: [], drift: [], negative: [] });
    const mails = await mailsTo(email);
    expect(mails.some((m) => m.body.includes('Wir haben 0.0123 BTC statt 0.01 BTC erhalten'))).toBe(true);
    // Final: neither a second requote nor a refund.
    expect((await post(`requote?exchangeId=${id}`, {})).json().error.code).toBe('EXCHANGE_FINAL');
    expect((await post(`refund?exchangeId=${id}`, {})).json().error.code).toBe('EXCHANGE_FINAL');
  });

  it('a refund sends what arrived back (in and out in the ledger), once, to a valid address', async () => {
    const email = 'late.payer@example.com';
    const noRefund = await pendingExchange({ userEmail: email });
    await post(`received?exchangeId=${noRefund}`, { amount: '0.02' });
    const missing = await post(`refund?exchangeId=${noRefund}`, {});
    expect(missing.json().error).toMatchObject({ code: 'NO_REFUND_ADDRESS', params: { ticker: 'BTC' } });
    expect(
      (await post(`refund?exchangeId=${noRefund}`, { refundAddress: 'nope-nope-nope' })).json().error.code,
    ).toBe('INVALID_REFUND_ADDRESS');
    expect((await post(`refund?exchangeId=${noRefund}`, { payoutHash: 'xyz' })).statusCode).toBe(400);
    expect(await legsOf(noRefund)).toEqual([]);

    const id = await pendingExchange({ userEmail: email, refundWalletAddress: ADDR.BTC });
    await post(`received?exchangeId=${id}`, { amount: '0.02' });
    const twice = await Promise.all([
      post(`refund?exchangeId=${id}`, {}),
      post(`refund?exchangeId=${id}`, {}),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const row = await rowOf(t, id);
    expect(row).toMatchObject({
      status: TransactionStatus.failed,
      adminNotes: EXCHANGE_RECEIVED_ERRORS.refundedNote,
    });
    expect(row?.refundedAt).not.toBeNull();
    const legs = await legsOf(id);
    expect(legs).toHaveLength(4);
    expect(
      legs
        .filter((l) => l.kind === 'house')
        .map((l) => l.amount)
        .sort(),
    ).toEqual(['-0.02', '0.02']);
    expect(await t.services.ledger.audit()).toEqual({ unbalanced: [], drift: [], negative: [] });
    expect(
      (await mailsTo(email)).some((m) => m.body.includes(`0.02 BTC we received back to ${ADDR.BTC}`)),
    ).toBe(true);
  });

  it('a deposit that arrived after expiry can still be requoted', async () => {
    const id = await createOk(t, validCreate(a, { amount: '0.01' }));
    await t.services.db.execute(
      // The guest never confirmed; the expiry job failed it.
      (await import('drizzle-orm'))
        .sql`update guest_exchanges set status = 0, admin_notes = ${EXPIRED_NOTE} where id = ${id}`,
    );
    await post(`received?exchangeId=${id}`, { amount: '0.011' });
    const res = await post(`requote?exchangeId=${id}`, { notes: 'Arrived late' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content.status).toBe(TransactionStatus.success);
  });

  it('refuses bad amounts, unknown exchanges and non-admins', async () => {
    const id = await pendingExchange();
    const user = await makeUser(t);
    for (const amount of ['0', '-1', 'abc', '1e3', '0.000000001']) {
      const res = await post(`received?exchangeId=${id}`, { amount });
      expect(res.statusCode, amount).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await rowOf(t, id))?.amountReceived).toBeNull();
    expect((await post(`received?exchangeId=${crypto.randomUUID()}`, { amount: '1' })).statusCode).toBe(404);
    expect((await post(`received?exchangeId=${id}`, { amount: '1' }, user.token)).statusCode).toBe(403);
    expect((await post(`refund?exchangeId=${id}`, {}, null)).statusCode).toBe(401);
    expect((await post(`requote?exchangeId=not-a-uuid`, {})).statusCode).toBe(400);
    await post(`received?exchangeId=${id}`, { amount: '0.01' });
    expect((await post(`requote?exchangeId=${id}`, {})).json().error.code).toBe('NO_DIFFERENCE');
  });

  it('an approval may carry the payout hash (checked for the destination network); a bad one changes nothing', async () => {
    const id = await pendingExchange();
    const bad = await post(`update?exchangeId=${id}&status=1&payoutHash=not-a-hash`, '');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'INVALID_HASH', params: { ticker: 'ETH' } });
    expect((await rowOf(t, id))?.status).toBe(TransactionStatus.pending);
    const hash = `0x${'ab'.repeat(32)}`;
    const ok = await post(`update?exchangeId=${id}&status=1&payoutHash=${hash}`, 'Paid out');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().content).toMatchObject({ status: TransactionStatus.success, payoutHash: hash });
  });
});
