import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { premiumSubscriptions, testGatewaySubscriptions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { claims, createUser, lastMailTo, refresh, session } from '../auth/auth.test-helpers';
import { checkoutUrl, GOOD, heldWebhooks, payOnPage } from './payments.test-helpers';

let t: TestApp;
let hooks: ReturnType<typeof heldWebhooks>;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  hooks = heldWebhooks(t);
  const admin = await createUser(t, { role: 'admin' });
  adminToken = (await session(t, admin.email, admin.password)).token;
});
afterAll(() => t.close());

/** A signed-in user whose refresh cookie is kept: each step reads the claim of a refreshed token. */
async function subscriber() {
  const u = await createUser(t);
  let s = await session(t, u.email, u.password);
  const url = await checkoutUrl(
    await t.request({ method: 'POST', url: '/api/User/premium/checkout', token: s.token, payload: {} }),
  );
  await payOnPage(t, url, GOOD);
  await hooks.release();
  const premiumNow = async () => {
    const res = await refresh(t, s.refresh);
    expect(res.statusCode, res.body).toBe(200);
    s = {
      token: res.json().content.jwToken,
      refresh: res.cookies.find((c) => c.name === 'refresh_token')?.value,
    };
    return claims(s.token).premium;
  };
  const own = async () => ({
    api: (await t.request({ method: 'GET', url: '/api/User/premium', token: s.token })).json().content,
  });
  const ours = async () => {
    const [row] = await t.services.db
      .select()
      .from(premiumSubscriptions)
      .where(eq(premiumSubscriptions.id, (await own()).api.id));
    if (!row) throw new Error('no subscription');
    return row;
  };
  const gatewaySub = async () => (await ours()).gatewayReference ?? '';
  /**
   * A year has passed: the period paid ends now, on the gateway's side and ours (premium lasts
   * until then), and the gateway does what is due: renew, fail to, or end it.
   */
  const periodEnds = async () => {
    const end = new Date(Date.now() - 1000);
    const sub = await ours();
    await t.services.db
      .update(testGatewaySubscriptions)
      .set({ periodEnd: end })
      .where(eq(testGatewaySubscriptions.id, sub.gatewayReference ?? ''));
    await t.services.db
      .update(premiumSubscriptions)
      .set({ renewalDate: end })
      .where(eq(premiumSubscriptions.id, sub.id));
    await t.services.db.update(users).set({ premiumUntil: end }).where(eq(users.id, sub.userId));
    await t.services.payments.test?.renewDue();
    await hooks.release();
    return end;
  };
  return { email: u.email, premiumNow, own, gatewaySub, periodEnds, token: () => s.token };
}

describe('premium as a subscription: the claim in a refreshed token follows each step', () => {
  it('renewal extends it by a year, with a receipt', async () => {
    const u = await subscriber();
    expect(await u.premiumNow()).toBe(true);
    const end = await u.periodEnds();
    expect(await u.premiumNow()).toBe(true);
    const after = (await u.own()).api;
    expect(after.status).toBe('active');
    const next = new Date(end);
    next.setUTCFullYear(next.getUTCFullYear() + 1);
    expect(Math.abs(new Date(after.renewalDate).getTime() - next.getTime())).toBeLessThan(1000);
    const receipts = (
      await t.request({ method: 'GET', url: '/api/User/premium/receipts', token: u.token() })
    ).json().content;
    expect(receipts).toHaveLength(2);
  });

  it('a failed renewal gives the grace period with an e-mail, then premium ends', async () => {
    const u = await subscriber();
    // The saved card now declines (changed on the gateway's portal).
    const portal = await t.request({
      method: 'POST',
      url: '/api/User/premium/portal',
      token: u.token(),
      payload: {},
    });
    expect(portal.statusCode, portal.body).toBe(200);
    const portalUrl = portal.json().content.url as string;
    expect(portalUrl).toMatch(/^\/gateway\/test\/portal\/cus_/);
    expect((await t.app.inject({ method: 'GET', url: portalUrl })).body).toContain('4242');
    const changed = await t.app.inject({
      method: 'POST',
      url: portalUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ number: '4000000000000002', expiry: '12/39', cvc: '123' }).toString(),
    });
    expect(changed.body).toContain('Card saved.');

    await u.periodEnds();
    const grace = (await u.own()).api;
    expect(grace.status).toBe('past_due');
    const graceDays = (new Date(grace.graceUntil).getTime() - Date.now()) / 86_400_000;
    expect(graceDays).toBeGreaterThan(6.9);
    expect(graceDays).toBeLessThan(7.01);
    expect(await u.premiumNow()).toBe(true);
    await expect
      .poll(async () => (await lastMailTo(t, adminToken, u.email))?.subject)
      .toBe('Your Vaultline Premium renewal payment failed');

    // Retries ran out at the gateway: it ends the subscription, and premium ends now.
    await t.services.db
      .update(testGatewaySubscriptions)
      .set({ periodEnd: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(testGatewaySubscriptions.id, await u.gatewaySub()));
    await t.services.payments.test?.renewDue();
    await hooks.release();
    expect((await u.own()).api.status).toBe('cancelled');
    expect(await u.premiumNow()).toBe(false);
  });

  it('a failed renewal fixed in the grace period: a new card is charged and premium goes on', async () => {
    const u = await subscriber();
    await t.services.db
      .update(testGatewaySubscriptions)
      .set({ renewal: 'Your card was declined.' })
      .where(eq(testGatewaySubscriptions.id, await u.gatewaySub()));
    await u.periodEnds();
    expect((await u.own()).api.status).toBe('past_due');
    const portalUrl = (
      await t.request({ method: 'POST', url: '/api/User/premium/portal', token: u.token(), payload: {} })
    ).json().content.url as string;
    await t.app.inject({
      method: 'POST',
      url: portalUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ number: '5555555555554444', expiry: '12/39', cvc: '123' }).toString(),
    });
    await hooks.release();
    const fixed = (await u.own()).api;
    expect(fixed).toMatchObject({
      status: 'active',
      graceUntil: null,
      cardLast4: '4444',
      cardBrand: 'mastercard',
    });
    expect(await u.premiumNow()).toBe(true);
  });

  it('cancel at period end: premium until then, no renewal, then it ends', async () => {
    const u = await subscriber();
    const del = await t.request({ method: 'DELETE', url: '/api/User/premium', token: u.token() });
    expect(del.statusCode, del.body).toBe(200);
    expect(claims(del.json().content.jwToken).premium).toBe(true);
    expect((await u.own()).api).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(await u.premiumNow()).toBe(true);
    await u.periodEnds();
    expect((await u.own()).api.status).toBe('cancelled');
    expect(await u.premiumNow()).toBe(false);
    const receipts = (
      await t.request({ method: 'GET', url: '/api/User/premium/receipts', token: u.token() })
    ).json().content;
    expect(receipts).toHaveLength(1);
  });
});
