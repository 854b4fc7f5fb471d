import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailOutbox,
  partnerWebhookDeliveries,
  partnerWebhookEndpoints,
  partnerWebhookEvents,
} from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makePartner, type TestPartner, withKey } from '../partners.test-helpers';
import {
  insertPartnerExchange,
  type Received,
  type Receiver,
  setStatus,
  startReceiver,
  waitUntil,
} from './webhooks.test-helpers';

// The whole path through the app: a change of a partner's exchange (any code path: here plain SQL)
// queues its event in the same transaction; the job posts it, signed, to a receiver on loopback.
let t: TestApp;
let partner: TestPartner;
let receiver: Receiver;
let endpointId: string;
/** Per exchange id: how many more 500s the receiver answers before a 200. */
const failFirst = new Map<string, number>();
let alwaysFail = false;

const exchangeOf = (r: Received) => (JSON.parse(r.body) as { data: { id: string } }).data.id;

beforeAll(async () => {
  t = await createTestApp({
    env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_BASE_MS: '20', WEBHOOK_POLL_MS: '20' },
  });
  partner = await makePartner(t);
  receiver = await startReceiver({
    answer: (r) => {
      if (alwaysFail) return 500;
      const id = exchangeOf(r);
      const left = failFirst.get(id) ?? 0;
      failFirst.set(id, left - 1);
      return left > 0 ? 500 : 200;
    },
  });
  const res = await t.request({
    method: 'POST',
    url: '/api/partner/webhooks',
    token: partner.token,
    payload: { url: receiver.url, events: ['exchange.created', 'exchange.updated'] },
  });
  expect(res.statusCode).toBe(200);
  endpointId = res.json().content.id;
  receiver.useSecret(res.json().content.secret);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const bodiesFor = (exchangeId: string) =>
  receiver.received.filter((r) => exchangeOf(r) === exchangeId).map((r) => JSON.parse(r.body));

describe('partner webhook delivery', () => {
  it('sends exchange.created, then exchange.updated with the snapshot; every signature verifies', async () => {
    const id = await insertPartnerExchange(t.services.db, partner.userId);
    await waitUntil(() => bodiesFor(id).length === 1);
    await setStatus(t.services.db, id, 2);
    await waitUntil(() => bodiesFor(id).length === 2);
    const [created, updated] = bodiesFor(id);
    expect(created).toMatchObject({ type: 'exchange.created', data: { id, status: 'awaiting_deposit' } });
    expect(updated).toMatchObject({
      type: 'exchange.updated',
      data: {
        id,
        status: 'pending',
        mode: 'fixed',
        from: 'BTC',
        to: 'ETH',
        amount: '0.5',
        destinationAmount: '8.25',
        rate: '16.5',
        commission: '0.08',
        depositAddress: 'bc1qdeposit',
        network: 'BTC',
        destinationAddress: '0x00000000000000000000000000000000000000aa',
        destinationMemo: null,
        depositConfirmations: null,
        payoutHash: null,
      },
    });
    // The exchange exactly as the partner API shows it in that state.
    const read = await withKey(t, partner.key, { url: `/api/v1/exchanges/${id}` });
    expect(updated.data).toEqual(read.json().content);
    expect(updated.id).not.toBe(created.id);
    expect(updated.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(updated.data.updatedAt).toMatch(/Z$/);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
  });

  it('a change a partner does not care about sends nothing', async () => {
    const id = await insertPartnerExchange(t.services.db, partner.userId);
    await waitUntil(() => bodiesFor(id).length === 1);
    await t.services.db.execute(sql`update guest_exchanges set admin_notes = 'x' where id = ${id}`);
    const events = await t.services.db
      .select()
      .from(partnerWebhookEvents)
      .where(eq(partnerWebhookEvents.exchangeId, id));
    expect(events).toHaveLength(1);
  });

  it('retries after 500s with back-off: delivered on the third try, the same event id each time', async () => {
    const id = await insertPartnerExchange(t.services.db, partner.userId);
    failFirst.set(id, 2);
    await waitUntil(() => bodiesFor(id).length === 3);
    const ids = bodiesFor(id).map((b) => b.id);
    expect(new Set(ids).size).toBe(1);
    const tries = receiver.received.filter((r) => exchangeOf(r) === id);
    expect(tries.every((r) => r.headers['vaultline-event-id'] === ids[0] && r.verified)).toBe(true);
    await waitUntil(async () => (await deliveryOf(ids[0]))?.status === 'delivered');
    expect(await deliveryOf(ids[0])).toMatchObject({ attempts: 3, lastStatusCode: 200, lastError: null });
    const [ep] = await endpoint();
    expect(ep?.failingSince).toBeNull();
  });

  it('writes the event in the transaction of the change: a rolled-back change leaves none', async () => {
    const before = await t.services.db.select().from(partnerWebhookEvents);
    await expect(
      t.services.db.transaction(async (tx) => {
        await insertPartnerExchange(tx, partner.userId);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await t.services.db.select().from(partnerWebhookEvents)).toHaveLength(before.length);
  });

  it('a delivery past three days after its event is failed without a request', async () => {
    const id = await insertPartnerExchange(t.services.db, partner.userId);
    failFirst.set(id, 1000);
    await waitUntil(() => bodiesFor(id).length >= 1);
    const [ev] = await t.services.db
      .select()
      .from(partnerWebhookEvents)
      .where(eq(partnerWebhookEvents.exchangeId, id));
    await t.services.db.execute(
      sql`update partner_webhook_events set created_at = now() - interval '73 hours' where id = ${ev?.id}`,
    );
    await waitUntil(async () => (await deliveryOf(ev?.id))?.status === 'failed');
    await t.services.db.execute(
      sql`update partner_webhook_endpoints set failing_since = null where id = ${endpointId}`,
    );
  });

  it('an endpoint failing for a day is disabled and its owner e-mailed; enabled again, it gets the events', async () => {
    alwaysFail = true;
    await t.services.db.execute(
      sql`update partner_webhook_endpoints set failing_since = now() - interval '25 hours' where id = ${endpointId}`,
    );
    const id = await insertPartnerExchange(t.services.db, partner.userId);
    await waitUntil(async () => (await endpoint())[0]?.disabledAt != null);
    const mails = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, partner.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Vaultline: a webhook endpoint was disabled');
    expect(mails[0]?.body).toContain(receiver.url);
    expect(mails[0]?.body).not.toContain(receiver.received[0]?.headers['vaultline-signature']);
    // Disabled: a new change queues nothing for it, the pending one waits.
    const seen = receiver.received.length;
    await setStatus(t.services.db, id, 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.received.length).toBe(seen);
    alwaysFail = false;
    const res = await t.request({
      method: 'POST',
      url: `/api/partner/webhooks/${endpointId}/enable`,
      token: partner.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toMatchObject({ id: endpointId, disabledAt: null, failingSince: null });
    const [created] = await t.services.db
      .select()
      .from(partnerWebhookEvents)
      .where(eq(partnerWebhookEvents.exchangeId, id));
    await waitUntil(async () => (await deliveryOf(created?.id))?.status === 'delivered');
    expect(receiver.received.length).toBeGreaterThan(seen);
    const [ep] = await endpoint();
    expect(ep?.failingSince).toBeNull();
  });
});

async function deliveryOf(eventId: string | undefined) {
  if (!eventId) return undefined;
  const [row] = await t.services.db
    .select()
    .from(partnerWebhookDeliveries)
    .where(
      and(eq(partnerWebhookDeliveries.eventId, eventId), eq(partnerWebhookDeliveries.endpointId, endpointId)),
    );
  return row;
}
const endpoint = () =>
  t.services.db.select().from(partnerWebhookEndpoints).where(eq(partnerWebhookEndpoints.id, endpointId));
