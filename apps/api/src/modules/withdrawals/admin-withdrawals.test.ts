import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditOf, get, post } from '../admin/admin.test-helpers';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import { insertHold } from '../ledger/spending-holds';
import { balancesOf, eventRecorder, makeWithdrawal, withdrawalRow } from './admin-withdrawals.test-helpers';

let t: TestApp;
let admin: { id: string; token: string };
const events = eventRecorder();
beforeAll(async () => {
  t = await createTestApp({ overrides: { withdrawalEvents: events } });
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const put = (url: string, token: string, payload: object) =>
  t.request({ method: 'PUT', url: `/api${url}`, token, payload });

describe('GET Admin/withdrawals', () => {
  it('pages newest first with keyset cursors, filtered by status, kind and user', async () => {
    const u = await makeUser(t);
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(await makeWithdrawal(t, u.id, { ticker: 'EUR', amount: `${i + 1}.00`, status: 'review' }));
    made.push(
      await makeWithdrawal(t, u.id, { ticker: 'BTC', kind: 'crypto', amount: '0.1', status: 'queued' }),
    );
    const first = await get(t, `/Admin/withdrawals?userId=${u.id}&status=review&pageSize=2`, admin.token);
    expect(first.statusCode, first.body).toBe(200);
    const p1 = first.json().content;
    expect(p1.total).toBe(5);
    expect(p1.totalCapped).toBe(false);
    expect(p1.items.map((w: { amount: string }) => w.amount)).toEqual(['5.00', '4.00']);
    expect(p1.items[0]).toMatchObject({
      userId: u.id,
      ticker: 'EUR',
      kind: 'bank',
      total: '5',
      status: 'review',
    });
    const p2 = (
      await get(
        t,
        `/Admin/withdrawals?userId=${u.id}&status=review&pageSize=2&page=2&after=${p1.after}`,
        admin.token,
      )
    ).json().content;
    expect(p2.items.map((w: { amount: string }) => w.amount)).toEqual(['3.00', '2.00']);
    const back = (
      await get(
        t,
        `/Admin/withdrawals?userId=${u.id}&status=review&pageSize=2&before=${p2.before}`,
        admin.token,
      )
    ).json().content;
    expect(back.items.map((w: { id: string }) => w.id)).toEqual(p1.items.map((w: { id: string }) => w.id));
    const crypto = (await get(t, `/Admin/withdrawals?userId=${u.id}&kind=crypto`, admin.token)).json()
      .content;
    expect(crypto.items.map((w: { id: string }) => w.id)).toEqual([made[5]?.id]);
    expect(crypto.items[0]).toMatchObject({ network: 'BTC', iban: null, status: 'queued' });
  });

  it('is for admins only, and refuses a bad filter', async () => {
    const u = await makeUser(t);
    expect((await get(t, '/Admin/withdrawals', u.token)).statusCode).toBe(403);
    const bad = await get(t, '/Admin/withdrawals?status=lost', admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION');
  });
});

describe('GET Admin/withdrawals/{id}', () => {
  it('shows the review reasons, the full IBAN and the user recent withdrawals', async () => {
    const u = await makeUser(t);
    const older = await makeWithdrawal(t, u.id, { ticker: 'EUR', amount: '7.00', status: 'queued' });
    const w = await makeWithdrawal(t, u.id, {
      ticker: 'EUR',
      amount: '12.50',
      fee: '0.50',
      reviewReasons: ['firstWithdrawal', 'dailyLimit'],
    });
    const res = await get(t, `/Admin/withdrawals/${w.id}`, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().content;
    expect(c).toMatchObject({
      id: w.id,
      reviewReasons: ['firstWithdrawal', 'dailyLimit'],
      iban: 'DE89370400440532013000',
      holderName: 'Test User',
      amount: '12.50',
      fee: '0.50',
      total: '13',
    });
    expect(c.recent.withdrawals.map((r: { id: string }) => r.id)).toEqual([w.id, older.id]);
    expect(c.recent.deposits).toEqual([]);
    expect(c.recent.conversions).toEqual([]);
    const missing = await get(t, `/Admin/withdrawals/${randomUUID()}`, admin.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('WITHDRAWAL_NOT_FOUND');
  });
});

describe('POST Admin/withdrawals/{id}/approve, reject, failed', () => {
  it('approve needs a second factor, then sends a withdrawal in review on its way (audited, told)', async () => {
    const u = await makeUser(t);
    const w = await makeWithdrawal(t, u.id, { ticker: 'BTC', kind: 'crypto', amount: '0.2', fee: '0.001' });
    const noFactor = await makeUser(t, { role: 'admin', twoFactor: false });
    const refused = await post(t, `/Admin/withdrawals/${w.id}/approve`, noFactor.token, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await withdrawalRow(t, w.id))?.status).toBe('review');

    const res = await post(t, `/Admin/withdrawals/${w.id}/approve`, admin.token, { note: 'known customer' });
    expect(res.statusCode, res.body).toBe(200);
    // No hot wallet for BTC here: it waits queued for an admin's send by hand.
    expect(res.json().content).toMatchObject({ status: 'queued', note: 'known customer' });
    expect(res.json().content.decidedBy).toMatch(/@test\.vaultline$/);
    expect(await balancesOf(t, u.id, 'BTC')).toEqual({ available: 0, held: 0.201 });
    const [row] = await auditOf(t, w.id, 'withdrawal.approve');
    expect(row).toMatchObject({
      actorId: admin.id,
      before: { status: 'review' },
      after: { status: 'queued' },
    });
    expect(events.rows.filter((r) => r.id === w.id).map((r) => r.status)).toEqual(['queued']);

    const again = await post(t, `/Admin/withdrawals/${w.id}/approve`, admin.token, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'WITHDRAWAL_WRONG_STATUS',
      params: { status: 'queued' },
    });
    expect(await auditOf(t, w.id, 'withdrawal.approve')).toHaveLength(1);
  });

  it('approve is refused while the user owes the house a card payment taken back (spending hold)', async () => {
    const u = await makeUser(t);
    const w = await makeWithdrawal(t, u.id, { ticker: 'BTC', kind: 'crypto', amount: '0.2', fee: '0.001' });
    // After the request, a card payment of theirs is taken back: the back office may not send now.
    await insertHold(t.services.db, {
      userId: u.id,
      assetId: await assetId(t, 'EUR'),
      amount: '500',
      reason: 'card_dispute',
      sourceId: randomUUID(),
    });
    const res = await post(t, `/Admin/withdrawals/${w.id}/approve`, admin.token, {});
    expect([res.statusCode, res.json().error?.code], res.body).toEqual([409, 'SPENDING_ON_HOLD']);
    expect((await withdrawalRow(t, w.id))?.status).toBe('review');
    expect(await balancesOf(t, u.id, 'BTC')).toEqual({ available: 0, held: 0.201 });
    expect(await auditOf(t, w.id, 'withdrawal.approve')).toHaveLength(0);
    // Rejecting it gives the money back to the wallet, where the hold keeps it.
    const rejected = await post(t, `/Admin/withdrawals/${w.id}/reject`, admin.token, {
      note: 'card dispute',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await balancesOf(t, u.id, 'BTC')).toEqual({ available: 0.201, held: 0 });
  });

  it("approve is refused while the user's withdrawals are locked (a password changed since the request)", async () => {
    const u = await makeUser(t);
    const w = await makeWithdrawal(t, u.id, { ticker: 'BTC', kind: 'crypto', amount: '0.2', fee: '0.001' });
    // The owner changed their password after the request (someone else may have made it).
    const until = new Date(Date.now() + 3_600_000);
    await t.services.db.update(users).set({ withdrawalsLockedUntil: until }).where(eq(users.id, u.id));
    const res = await post(t, `/Admin/withdrawals/${w.id}/approve`, admin.token, {});
    expect([res.statusCode, res.json().error?.code], res.body).toEqual([409, 'WITHDRAWALS_LOCKED']);
    expect(res.json().error.params).toEqual({ until: until.toISOString() });
    expect((await withdrawalRow(t, w.id))?.status).toBe('review');
    expect(await balancesOf(t, u.id, 'BTC')).toEqual({ available: 0, held: 0.201 });
    expect(await auditOf(t, w.id, 'withdrawal.approve')).toHaveLength(0);
  });

  it('reject needs a note and gives the money back; only from review', async () => {
    const u = await makeUser(t);
    const w = await makeWithdrawal(t, u.id, { ticker: 'EUR', amount: '40.00', fee: '1.00' });
    expect(await balancesOf(t, u.id, 'EUR')).toEqual({ available: 0, held: 41 });
    const noNote = await post(t, `/Admin/withdrawals/${w.id}/reject`, admin.token, {});
    expect(noNote.statusCode).toBe(400);
    expect((await withdrawalRow(t, w.id))?.status).toBe('review');
    const res = await post(t, `/Admin/withdrawals/${w.id}/reject`, admin.token, {
      note: 'name does not match',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toMatchObject({ status: 'rejected', note: 'name does not match' });
    expect(await balancesOf(t, u.id, 'EUR')).toEqual({ available: 41, held: 0 });
    expect(await auditOf(t, w.id, 'withdrawal.reject')).toHaveLength(1);
    expect(events.rows.filter((r) => r.id === w.id).map((r) => r.status)).toEqual(['rejected']);

    const queued = await makeWithdrawal(t, u.id, { ticker: 'EUR', amount: '5.00', status: 'queued' });
    const wrong = await post(t, `/Admin/withdrawals/${queued.id}/reject`, admin.token, { note: 'x' });
    expect(wrong.statusCode).toBe(409);
    expect((await withdrawalRow(t, queued.id))?.status).toBe('queued');
    expect(await balancesOf(t, u.id, 'EUR')).toEqual({ available: 41, held: 5 });
  });

  it('failed returns the money of a queued bank or by-hand withdrawal, never of one in review', async () => {
    const u = await makeUser(t);
    const bank = await makeWithdrawal(t, u.id, { ticker: 'USD', amount: '30.00', status: 'queued' });
    const manual = await makeWithdrawal(t, u.id, {
      ticker: 'BTC',
      kind: 'crypto',
      amount: '0.5',
      status: 'queued',
    });
    const inReview = await makeWithdrawal(t, u.id, { ticker: 'USD', amount: '3.00' });
    for (const w of [bank, manual]) {
      const res = await post(t, `/Admin/withdrawals/${w.id}/failed`, admin.token, { note: 'returned' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().content.status).toBe('failed');
    }
    expect(await balancesOf(t, u.id, 'USD')).toEqual({ available: 30, held: 3 });
    expect(await balancesOf(t, u.id, 'BTC')).toEqual({ available: 0.5, held: 0 });
    const refused = await post(t, `/Admin/withdrawals/${inReview.id}/failed`, admin.token, { note: 'x' });
    expect(refused.statusCode).toBe(409);
    expect((await withdrawalRow(t, inReview.id))?.status).toBe('review');
    const twice = await post(t, `/Admin/withdrawals/${bank.id}/failed`, admin.token, { note: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(await balancesOf(t, u.id, 'USD')).toEqual({ available: 30, held: 3 });
    expect(await auditOf(t, bank.id, 'withdrawal.failed')).toHaveLength(1);
    expect(await t.services.ledger.audit()).toEqual({ unbalanced: [], drift: [], negative: [] });
  });
});

describe('Admin/withdrawals/rules', () => {
  it('lists every asset (an asset without a rule: closed, no fee), sets one with a step-up, audited', async () => {
    const eth = await assetId(t, 'ETH');
    const list = await get(t, '/Admin/withdrawals/rules', admin.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().content.items.find((r: { assetId: string }) => r.assetId === eth)).toEqual({
      assetId: eth,
      ticker: 'ETH',
      open: false,
      fee: '0',
      minimum: '0',
    });
    const noFactor = await makeUser(t, { role: 'admin', twoFactor: false });
    const refused = await put(`/Admin/withdrawals/rules/${eth}`, noFactor.token, {
      open: false,
      fee: '1',
      minimum: '1',
    });
    expect(refused.statusCode).toBe(403);
    const res = await put(`/Admin/withdrawals/rules/${eth}`, admin.token, {
      open: true,
      fee: '0.002',
      minimum: '0.01',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toEqual({
      assetId: eth,
      ticker: 'ETH',
      open: true,
      fee: '0.002',
      minimum: '0.01',
    });
    const after = (await get(t, '/Admin/withdrawals/rules', admin.token)).json().content.items;
    expect(after.find((r: { assetId: string }) => r.assetId === eth)).toMatchObject({
      open: true,
      fee: '0.002',
    });
    const [row] = await auditOf(t, eth, 'withdrawalRule.update');
    expect(row).toMatchObject({
      before: { open: false, fee: '0' },
      after: { open: true, fee: '0.002', minimum: '0.01' },
    });
  });

  it('refuses a negative or malformed fee and an unknown asset, changing nothing', async () => {
    const btc = await assetId(t, 'BTC');
    for (const body of [
      { open: true, fee: '-1', minimum: '0' },
      { open: true, fee: '1', minimum: 'abc' },
      { open: 'yes', fee: '1', minimum: '0' },
    ]) {
      const res = await put(`/Admin/withdrawals/rules/${btc}`, admin.token, body);
      expect(res.statusCode).toBe(400);
    }
    const unknown = await put(`/Admin/withdrawals/rules/${randomUUID()}`, admin.token, {
      open: true,
      fee: '0',
      minimum: '0',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('ASSET_NOT_FOUND');
    expect(await auditOf(t, btc, 'withdrawalRule.update')).toEqual([]);
    const u = await makeUser(t);
    expect(
      (await put(`/Admin/withdrawals/rules/${btc}`, u.token, { open: true, fee: '0', minimum: '0' }))
        .statusCode,
    ).toBe(403);
  });
});
