import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { premiumPayments, premiumSubscriptions, testGatewaySubscriptions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeUser } from '../ledger/ledger.test-helpers';
import type { PaymentGateway } from './gateway';
import { checkoutUrl, GOOD, heldWebhooks, payOnPage } from './payments.test-helpers';

// A premium refund whose outcome is unknown (the gateway took it, then the answer timed out) is
// finished like a deposit refund: by the retry job with the same idempotency key, or by the
// gateway's charge.refunded. Either way premium ends and the subscription ends at the gateway.
let t: TestApp;
let hooks: ReturnType<typeof heldWebhooks>;
let admin: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  hooks = heldWebhooks(t);
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

/** The gateway refunds, then its answer is lost (a timeout: not a refusal). */
function refundAnswerLost() {
  const gateway = t.services.payments.gateway as PaymentGateway;
  const original = gateway.refund;
  gateway.refund = async (req) => {
    gateway.refund = original;
    await original(req);
    throw Object.assign(new Error('Request aborted due to timeout'), { type: 'StripeConnectionError' });
  };
}

async function premiumPaid() {
  const u = await makeUser(t);
  const url = await checkoutUrl(
    await t.request({ method: 'POST', url: '/api/User/premium/checkout', token: u.token, payload: {} }),
  );
  expect((await payOnPage(t, url, GOOD)).statusCode).toBe(303);
  expect(await hooks.release()).toBeGreaterThanOrEqual(2);
  const [p] = await t.services.db.select().from(premiumPayments).where(eq(premiumPayments.userId, u.id));
  const [sub] = await t.services.db
    .select()
    .from(premiumSubscriptions)
    .where(eq(premiumSubscriptions.userId, u.id));
  if (!p || !sub?.gatewayReference) throw new Error('premium not started');
  return { u, p, gatewaySub: sub.gatewayReference };
}

async function refundTimesOut(paymentId: string) {
  refundAnswerLost();
  const res = await t.request({
    method: 'POST',
    url: `/api/Admin/premium/payments/${paymentId}/refund`,
    token: admin.token,
  });
  expect(res.statusCode, res.body).toBe(502);
  expect(res.json().error.code).toBe('REFUND_PENDING');
}

async function expectEnded(userId: string, paymentId: string, gatewaySub: string) {
  const [usr] = await t.services.db.select().from(users).where(eq(users.id, userId));
  expect(usr?.premiumUntil?.getTime() ?? 0).toBeLessThanOrEqual(Date.now());
  const [sub] = await t.services.db
    .select()
    .from(premiumSubscriptions)
    .where(eq(premiumSubscriptions.userId, userId));
  expect(sub?.status).toBe('cancelled');
  const [atGateway] = await t.services.db
    .select()
    .from(testGatewaySubscriptions)
    .where(eq(testGatewaySubscriptions.id, gatewaySub));
  expect(atGateway?.status).toBe('canceled');
  const [p] = await t.services.db.select().from(premiumPayments).where(eq(premiumPayments.id, paymentId));
  expect(p?.refundStatus).toBe('refunded');
}

describe('a premium refund whose outcome is unknown', () => {
  it('is finished by the retry job: premium ends and the subscription ends at the gateway', async () => {
    const { u, p, gatewaySub } = await premiumPaid();
    await refundTimesOut(p.id);
    const later = new Date(Date.now() + 3_600_000);
    expect(await t.services.payments.refunds.retryPending(later)).toBeGreaterThanOrEqual(1);
    await hooks.release();
    await expectEnded(u.id, p.id, gatewaySub);
    // Finished once: a second pass has nothing left to do for it.
    expect(await t.services.payments.refunds.retryPending(later)).toBe(0);
  });

  it("is finished by the gateway's charge.refunded, before any retry", async () => {
    const { u, p, gatewaySub } = await premiumPaid();
    await refundTimesOut(p.id);
    // The gateway had refunded: its event says so, and that is enough to end premium.
    expect(await hooks.release()).toBeGreaterThanOrEqual(1);
    // The subscription's end at the gateway is confirmed by its own event, which the gateway sends
    // once the cancellation is through (it may not be queued yet at the first release).
    await vi.waitFor(
      async () => {
        await hooks.release();
        await expectEnded(u.id, p.id, gatewaySub);
      },
      { timeout: 10_000, interval: 200 },
    );
  });
});
