import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makePartner, type TestPartner } from '../partners.test-helpers';
import { insertPartnerExchange, type Receiver, startReceiver, waitUntil } from './webhooks.test-helpers';

// The job polls only once a minute here: a webhook that arrives at once was woken by the
// notification of the committing change (LISTEN on PostgreSQL, PGlite's own listen).
let t: TestApp;
let partner: TestPartner;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_POLL_MS: '60000' } });
  partner = await makePartner(t);
  receiver = await startReceiver();
  const res = await t.request({
    method: 'POST',
    url: '/api/partner/webhooks',
    token: partner.token,
    payload: { url: receiver.url, events: ['exchange.created'] },
  });
  receiver.useSecret(res.json().content.secret);
  // The listener of PostgreSQL connects after start: wait until the first notification goes through.
  await new Promise((r) => setTimeout(r, 300));
}, 60_000);

afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('the delivery job is woken by the change', () => {
  it('delivers within seconds of the commit, far before its next poll a minute later', async () => {
    for (let i = 0; i < 3; i++) {
      const at = Date.now();
      const before = receiver.received.length;
      await insertPartnerExchange(t.services.db, partner.userId);
      await waitUntil(() => receiver.received.length > before, 15_000);
      // Some 50 ms on a quiet machine; the bound leaves room for a loaded one and stays far from the
      // poll (60 s), which is what the test tells apart.
      expect((receiver.received[before]?.at ?? Infinity) - at).toBeLessThan(10_000);
    }
  });
});
