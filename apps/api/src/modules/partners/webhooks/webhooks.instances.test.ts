import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { createTestApp, type TestApp, testConfig } from '../../../test/test-app';
import { makePartner, type TestPartner } from '../partners.test-helpers';
import {
  insertPartnerExchange,
  type Receiver,
  setStatus,
  startReceiver,
  waitUntil,
} from './webhooks.test-helpers';

// Two instances on one database, both running the delivery job and both woken by every change: each
// delivery is claimed by one of them (SKIP LOCKED), so the receiver gets each event once. On
// PostgreSQL (DATABASE_URL) the two claim on separate connections at the same moment.
// The receiver answers on this process's event loop, which the embedded database holds while it
// works: on a loaded machine an answer can take seconds. A long timeout keeps every first attempt
// successful, so that a second delivery can only come from a second claim.
const env = {
  WEBHOOK_ALLOW_LOOPBACK: 'true',
  WEBHOOK_POLL_MS: '20',
  WEBHOOK_RETRY_BASE_MS: '20',
  WEBHOOK_TIMEOUT_MS: '30000',
};
let t: TestApp;
let second: FastifyInstance;
let partner: TestPartner;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp({ env: { ...env, INSTANCE_NAME: 'first' } });
  second = await buildApp({ config: testConfig({ ...env, INSTANCE_NAME: 'second' }), database: t.database });
  await second.ready();
  partner = await makePartner(t);
  receiver = await startReceiver();
  const res = await t.request({
    method: 'POST',
    url: '/api/partner/webhooks',
    token: partner.token,
    payload: { url: receiver.url, events: ['exchange.created', 'exchange.updated'] },
  });
  receiver.useSecret(res.json().content.secret);
}, 60_000);

afterAll(async () => {
  await second?.close();
  await t?.close();
  await receiver?.close();
});

describe('two instances', () => {
  it('each event reaches the receiver once', async () => {
    const ids = await Promise.all(
      Array.from({ length: 40 }, () => insertPartnerExchange(t.services.db, partner.userId)),
    );
    await Promise.all(ids.map((id) => setStatus(t.services.db, id, 2)));
    await waitUntil(() => receiver.received.length >= 80, 30_000);
    // Time for a second (wrong) delivery of anything to land.
    await new Promise((r) => setTimeout(r, 300));
    const eventIds = receiver.received.map((r) => r.headers['vaultline-event-id']);
    expect(eventIds).toHaveLength(80);
    expect(new Set(eventIds).size).toBe(80);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
  });
});
