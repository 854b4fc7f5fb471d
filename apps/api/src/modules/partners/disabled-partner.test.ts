import { Decimal, TransactionStatus, UserStatus } from '@vaultline/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, ledgerAccounts, partnerWebhookDeliveries, postings } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  type Assets,
  create,
  createOk,
  prepareAssets,
  rowOf,
  validCreate,
} from '../exchange/exchange.test-helpers';
import { makeUser } from '../ledger/ledger.test-helpers';
import { makePartner, type TestPartner } from './partners.test-helpers';
import {
  insertPartnerExchange,
  type Receiver,
  setStatus,
  startReceiver,
  waitUntil,
} from './webhooks/webhooks.test-helpers';

// A partner whose account an admin disabled: no webhook leaves for it (they carry end users'
// addresses) and it earns no commission, on new widget exchanges or on ones still open.
let t: TestApp;
let a: Assets;
let admin: { id: string; token: string };
let receiver: Receiver;
beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_POLL_MS: '20' } });
  a = await prepareAssets(t);
  admin = await makeUser(t, { role: 'admin' });
  receiver = await startReceiver();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const setAccountStatus = async (userId: string, status: UserStatus) => {
  const res = await t.request({
    method: 'POST',
    url: `/api/Admin/setAccountStatus?userId=${userId}&status=${status}`,
    token: admin.token,
  });
  expect(res.statusCode, res.body).toBe(200);
};

async function partnerWithEndpoint(): Promise<TestPartner> {
  const p = await makePartner(t, { maxCommission: '0.05', commission: '0.02' });
  const res = await t.request({
    method: 'POST',
    url: '/api/partner/webhooks',
    token: p.token,
    payload: { url: receiver.url, events: ['exchange.created', 'exchange.updated'] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return p;
}

const sentFor = (exchangeId: string) =>
  receiver.received.filter((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id === exchangeId);

/** The partner's postings of one exchange's settlement. */
async function partnerLegs(exchangeId: string, partnerId: string) {
  return t.services.db
    .select({ amount: postings.amount })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(
      and(
        eq(journalEntries.reference, exchangeId),
        eq(ledgerAccounts.kind, 'partner'),
        eq(ledgerAccounts.userId, partnerId),
      ),
    );
}

const approve = (id: string) =>
  t.request({
    method: 'POST',
    url: `/api/Admin/anonymousExchanges/update?exchangeId=${id}&status=${TransactionStatus.success}&amountReceived=0.01`,
    token: admin.token,
    payload: JSON.stringify('Paid out'),
    headers: { 'content-type': 'application/json' },
  });

describe('a disabled partner', () => {
  it('receives no webhook: its deliveries end failed without a request, and resume once enabled', async () => {
    const p = await partnerWithEndpoint();
    const before = await insertPartnerExchange(t.services.db, p.userId);
    await waitUntil(() => sentFor(before).length === 1, 20_000);

    await setAccountStatus(p.userId, UserStatus.inactive);
    const id = await insertPartnerExchange(t.services.db, p.userId);
    await setStatus(t.services.db, id, 2);
    const deliveries = () =>
      t.services.db
        .select()
        .from(partnerWebhookDeliveries)
        .where(eq(partnerWebhookDeliveries.partnerId, p.userId));
    // Every delivery of the disabled partner is settled one way or the other by the job...
    await waitUntil(async () => (await deliveries()).every((d) => d.status !== 'pending'), 20_000);
    // ...and none of the new exchange's went out.
    expect(sentFor(id)).toEqual([]);
    const mine = (await deliveries()).filter((d) => d.status === 'failed');
    expect(mine).toHaveLength(2);
    expect(mine.every((d) => d.lastError === 'the partner account is disabled' && d.attempts === 0)).toBe(
      true,
    );

    // Enabled again, its next change is sent.
    await setAccountStatus(p.userId, UserStatus.active);
    await setStatus(t.services.db, id, 1);
    await waitUntil(() => sentFor(id).length === 1, 20_000);
  });

  it('earns nothing on its widget: new exchanges are refused as an unknown partner', async () => {
    const p = await makePartner(t, { maxCommission: '0.05', commission: '0.02' });
    expect((await t.app.inject({ url: `/api/widget/partners/${p.userId}` })).statusCode).toBe(200);
    await setAccountStatus(p.userId, UserStatus.inactive);
    const widget = await t.app.inject({ url: `/api/widget/partners/${p.userId}` });
    expect(widget.statusCode).toBe(404);
    expect(widget.json().error.code).toBe('UNKNOWN_PARTNER');
    const res = await create(t, validCreate(a, { partnerId: p.userId }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('UNKNOWN_PARTNER');
  });

  it('earns nothing on an exchange still open when it was disabled; the guest gets what was quoted', async () => {
    const p = await makePartner(t, { maxCommission: '0.05', commission: '0.02' });
    const id = await createOk(t, validCreate(a, { partnerId: p.userId }));
    const quoted = await rowOf(t, id);
    expect(new Decimal(quoted?.partnerCommission ?? '0').gt(0)).toBe(true);
    await setAccountStatus(p.userId, UserStatus.inactive);
    const res = await approve(id);
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(t, id);
    expect(row?.status).toBe(TransactionStatus.success);
    expect(row?.destinationAmount).toBe(quoted?.destinationAmount);
    expect(new Decimal(row?.partnerCommission ?? '0').isZero()).toBe(true);
    expect(await partnerLegs(id, p.userId)).toEqual([]);
    expect(await t.services.ledger.audit()).toEqual({ unbalanced: [], drift: [], negative: [] });

    // An active partner's exchange still earns (the control).
    const q = await makePartner(t, { maxCommission: '0.05', commission: '0.02' });
    const other = await createOk(t, validCreate(a, { partnerId: q.userId }));
    expect((await approve(other)).statusCode).toBe(200);
    expect(await partnerLegs(other, q.userId)).toHaveLength(1);
  });
});
