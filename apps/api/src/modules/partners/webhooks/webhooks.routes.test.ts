import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerWebhookDeliveries, partnerWebhookEvents } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeUser } from '../../ledger/ledger.test-helpers';
import { makePartner, type TestPartner } from '../partners.test-helpers';
import { BLOCKED_ADDRESS } from './ssrf-guard';
import { insertPartnerExchange, type Receiver, startReceiver, waitUntil } from './webhooks.test-helpers';

// The partner area's webhook routes: who may call them, own endpoints only, the secret shown once,
// the delivery log and its replay. Loopback is allowed here (the receiver); other classes are not.
let t: TestApp;
let a: TestPartner;
let b: TestPartner;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp({
    env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_POLL_MS: '20', WEBHOOK_RETRY_BASE_MS: '20' },
  });
  [a, b] = [await makePartner(t), await makePartner(t)];
  receiver = await startReceiver();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.request({ method, url, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });
const create = async (
  p: TestPartner,
  url = receiver.url,
  events = ['exchange.created', 'exchange.updated'],
) => {
  const res = await call('POST', '/api/partner/webhooks', p.token, { url, events });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content as { id: string; secret: string };
};

describe('partner webhook routes', () => {
  it('need a signed-in partner: 401 without a session, 403 NOT_PARTNER for another account', async () => {
    const user = await makeUser(t);
    const routes: ['GET' | 'POST' | 'DELETE', string][] = [
      ['POST', '/api/partner/webhooks'],
      ['GET', '/api/partner/webhooks'],
      ['DELETE', '/api/partner/webhooks/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/partner/webhooks/00000000-0000-4000-8000-000000000000/rotate'],
      ['POST', '/api/partner/webhooks/00000000-0000-4000-8000-000000000000/enable'],
      ['GET', '/api/partner/webhooks/deliveries'],
      ['POST', '/api/partner/webhooks/deliveries/00000000-0000-4000-8000-000000000000/replay'],
    ];
    const body = { url: receiver.url, events: ['exchange.created'] };
    for (const [method, url] of routes) {
      const payload = url === '/api/partner/webhooks' && method === 'POST' ? body : undefined;
      expect((await call(method, url, undefined, payload)).statusCode, url).toBe(401);
      const res = await call(method, url, user.token, payload);
      expect([res.statusCode, res.json().error.code], url).toEqual([403, 'NOT_PARTNER']);
    }
  });

  it('create answers the secret once; the list never has it', async () => {
    const { id, secret } = await create(a);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const list = await call('GET', '/api/partner/webhooks', a.token);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.json().content).toContainEqual(
      expect.objectContaining({
        id,
        url: receiver.url,
        events: ['exchange.created', 'exchange.updated'],
        disabledAt: null,
      }),
    );
    expect(Object.keys(list.json().content[0]).sort()).toEqual(
      ['createdAt', 'disabledAt', 'events', 'failingSince', 'id', 'url'].sort(),
    );
  });

  it.each([
    'http://10.0.0.1/hooks',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00::1]/hooks',
    'http://100.64.1.1/',
    'http://[::a9fe:a9fe]/latest/meta-data/',
  ])('refuses %s with 422 WEBHOOK_URL_REFUSED and the one refusal for a blocked address', async (url) => {
    const res = await call('POST', '/api/partner/webhooks', a.token, { url, events: ['exchange.created'] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'WEBHOOK_URL_REFUSED', fields: { url: BLOCKED_ADDRESS } });
  });

  it('refuses a name resolving to a private address (the lookup is the test own)', async () => {
    t.services.partners.webhooks.useLookup(async () => [{ address: '10.9.8.7', family: 4 }]);
    const res = await call('POST', '/api/partner/webhooks', b.token, {
      url: 'https://hooks.b.example/',
      events: ['exchange.created'],
    });
    expect(res.json().error).toMatchObject({
      code: 'WEBHOOK_URL_REFUSED',
      fields: { url: BLOCKED_ADDRESS },
    });
  });

  it('bad input is a 400, never a 500', async () => {
    for (const payload of [
      { url: 'not a url', events: ['exchange.created'] },
      { url: receiver.url, events: [] },
      { url: receiver.url, events: ['exchange.deleted'] },
      {},
    ]) {
      expect((await call('POST', '/api/partner/webhooks', a.token, payload)).statusCode).toBe(400);
    }
    expect((await call('DELETE', '/api/partner/webhooks/not-a-uuid', a.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/partner/webhooks/deliveries?cursor=nope', a.token)).statusCode).toBe(400);
  });

  it("another partner's endpoint is a 404 for every change; it stays whole", async () => {
    const { id } = await create(a);
    for (const [method, url] of [
      ['DELETE', `/api/partner/webhooks/${id}`],
      ['POST', `/api/partner/webhooks/${id}/rotate`],
      ['POST', `/api/partner/webhooks/${id}/enable`],
    ] as const) {
      const res = await call(method, url, b.token);
      expect([res.statusCode, res.json().error.code]).toEqual([404, 'WEBHOOK_NOT_FOUND']);
    }
    expect(
      (await call('GET', '/api/partner/webhooks', b.token)).json().content.map((e: { id: string }) => e.id),
    ).not.toContain(id);
    expect(
      (await call('GET', '/api/partner/webhooks', a.token)).json().content.map((e: { id: string }) => e.id),
    ).toContain(id);
  });

  it('rotate: the next events are signed with the new secret only; delete removes the endpoint', async () => {
    const { id, secret } = await create(b);
    const rotated = await call('POST', `/api/partner/webhooks/${id}/rotate`, b.token);
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json().content.secret as string;
    expect(next).not.toBe(secret);
    receiver.useSecret(next);
    const before = receiver.received.length;
    await insertPartnerExchange(t.services.db, b.userId);
    await waitUntil(() => receiver.received.length > before);
    expect(receiver.received.slice(before).every((r) => r.verified)).toBe(true);
    expect((await call('DELETE', `/api/partner/webhooks/${id}`, b.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/partner/webhooks', b.token)).json().content).toEqual([]);
    expect((await call('DELETE', `/api/partner/webhooks/${id}`, b.token)).statusCode).toBe(404);
  });

  it('the delivery log: own only, newest first, pages by cursor; replay sends the same event again', async () => {
    const { secret } = await create(b);
    receiver.useSecret(secret);
    const exchangeId = await insertPartnerExchange(t.services.db, b.userId);
    await waitUntil(async () => (await delivered(exchangeId)) === 1);
    const log = await call('GET', '/api/partner/webhooks/deliveries', b.token);
    const first = log.json().content.items[0];
    expect(first).toMatchObject({
      exchangeId,
      type: 'exchange.created',
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      nextAttemptAt: null,
    });
    const aLog = await call('GET', '/api/partner/webhooks/deliveries', a.token);
    expect(aLog.json().content.items.map((d: { id: string }) => d.id)).not.toContain(first.id);
    const other = await call('POST', `/api/partner/webhooks/deliveries/${first.id}/replay`, a.token);
    expect([other.statusCode, other.json().error.code]).toEqual([404, 'WEBHOOK_DELIVERY_NOT_FOUND']);

    const before = receiver.received.length;
    const replay = await call('POST', `/api/partner/webhooks/deliveries/${first.id}/replay`, b.token);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().content).toMatchObject({
      eventId: first.eventId,
      endpointId: first.endpointId,
      status: 'pending',
    });
    expect(replay.json().content.id).not.toBe(first.id);
    await waitUntil(() => receiver.received.length > before);
    const again = receiver.received[before];
    expect([again?.headers['vaultline-event-id'], again?.verified]).toEqual([first.eventId, true]);

    // 60 more rows in the log: two pages, no row twice, newest first.
    await t.services.db.execute(sql`
      insert into partner_webhook_deliveries (event_id, endpoint_id, partner_id, status, created_at)
      select ${first.eventId}, ${first.endpointId}, ${b.userId}, 'delivered', now() - (g || ' seconds')::interval
      from generate_series(1, 60) g`);
    const p1 = (await call('GET', '/api/partner/webhooks/deliveries', b.token)).json().content;
    expect(p1.items).toHaveLength(50);
    const p2 = (await call('GET', `/api/partner/webhooks/deliveries?cursor=${p1.nextCursor}`, b.token)).json()
      .content;
    const all = [...p1.items, ...p2.items];
    expect(new Set(all.map((d: { id: string }) => d.id)).size).toBe(all.length);
    const times = all.map((d: { createdAt: string }) => d.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(p2.nextCursor).toBeNull();
    const count = (await t.services.db.execute(
      sql`select count(*)::int as n from partner_webhook_deliveries where partner_id = ${b.userId}`,
    )) as unknown as { rows: { n: number }[] };
    expect(all).toHaveLength(count.rows[0]?.n ?? -1);
  });

  it('a replay to a disabled endpoint waits until the endpoint is enabled', async () => {
    const c = await makePartner(t);
    const { id, secret } = await create(c);
    receiver.useSecret(secret);
    const exchangeId = await insertPartnerExchange(t.services.db, c.userId);
    await waitUntil(async () => (await delivered(exchangeId)) === 1);
    const [first] = (await call('GET', '/api/partner/webhooks/deliveries', c.token)).json().content.items;
    await t.services.db.execute(
      sql`update partner_webhook_endpoints set disabled_at = now() where id = ${id}`,
    );
    const before = receiver.received.length;
    const replay = await call('POST', `/api/partner/webhooks/deliveries/${first.id}/replay`, c.token);
    expect(replay.json().content).toMatchObject({ status: 'pending', nextAttemptAt: null });
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.received.length).toBe(before);
    expect((await call('POST', `/api/partner/webhooks/${id}/enable`, c.token)).statusCode).toBe(200);
    await waitUntil(() => receiver.received.length > before);
    expect(receiver.received[before]?.headers['vaultline-event-id']).toBe(first.eventId);
  });

  it(`refuses more than the maximum of endpoints (409 WEBHOOK_LIMIT)`, async () => {
    const c = await makePartner(t);
    for (let i = 0; i < 10; i++) await create(c);
    const res = await call('POST', '/api/partner/webhooks', c.token, {
      url: receiver.url,
      events: ['exchange.created'],
    });
    expect([res.statusCode, res.json().error.code, res.json().error.params]).toEqual([
      409,
      'WEBHOOK_LIMIT',
      { max: '10' },
    ]);
  });
});

async function delivered(exchangeId: string) {
  const rows = await t.services.db
    .select({ status: partnerWebhookDeliveries.status })
    .from(partnerWebhookDeliveries)
    .innerJoin(partnerWebhookEvents, eq(partnerWebhookEvents.id, partnerWebhookDeliveries.eventId))
    .where(eq(partnerWebhookEvents.exchangeId, exchangeId));
  return rows.filter((r) => r.status === 'delivered').length;
}
