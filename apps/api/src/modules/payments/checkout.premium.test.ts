import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { premiumSubscriptions, testGatewaySessions, testGatewaySubscriptions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { claims } from '../auth/auth.test-helpers';
import { makeUser } from '../ledger/ledger.test-helpers';
import { checkoutIdOf, checkoutUrl, DECLINED, GOOD, heldWebhooks, payOnPage } from './payments.test-helpers';

let t: TestApp;
let hooks: ReturnType<typeof heldWebhooks>;
beforeAll(async () => {
  t = await createTestApp();
  hooks = heldWebhooks(t);
});
afterAll(() => t.close());

const status = (token: string, id: string) =>
  t.request({ method: 'GET', url: `/api/Payment/checkout/${id}`, token }).then((r) => r.json().content);
const startPremium = (token: string) =>
  t.request({ method: 'POST', url: '/api/User/premium/checkout', token, payload: {} });
const confirm = (token: string) =>
  t.request({ method: 'POST', url: '/api/User/premium', token, payload: {} });

describe('premium through the hosted checkout', () => {
  it('a declined card first, then a good one: premium only once the webhook has landed', async () => {
    const u = await makeUser(t, { currency: 'CHF' });
    const url = await checkoutUrl(await startPremium(u.token));
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    // A CHF user pays the server's price, USD 49 (decision 0039), and sees that: not 49 CHF.
    expect(page.body).toContain('49.00 USD');
    expect(page.body).toContain('name="number"');

    const declined = await payOnPage(t, url, DECLINED);
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    await hooks.release();

    const paid = await payOnPage(t, url, GOOD);
    expect(paid.statusCode).toBe(303);
    const id = checkoutIdOf(paid.headers.location as string);
    expect(paid.headers.location).toBe(`/payment/return?id=${id}`);
    // The browser is back, the gateway's word has not arrived: nothing is granted on its say-so.
    expect(await status(u.token, id)).toMatchObject({
      status: 'declined',
      message: 'Your card was declined.',
    });
    expect((await confirm(u.token)).statusCode).toBe(409);

    expect(await hooks.release()).toBe(2);
    expect(await status(u.token, id)).toMatchObject({
      purpose: 'premium',
      status: 'succeeded',
      amount: '49',
      currency: 'USD',
    });
    const res = await confirm(u.token);
    expect(res.statusCode, res.body).toBe(200);
    const { jwToken, subscription } = res.json().content;
    expect(claims(jwToken)).toMatchObject({ sub: u.id, premium: true });
    expect(subscription).toMatchObject({
      status: 'active',
      amount: '49',
      currency: 'USD',
      cardLast4: '4242',
      cardBrand: 'visa',
      cancelAtPeriodEnd: false,
      graceUntil: null,
    });
    const receipts = (
      await t.request({ method: 'GET', url: '/api/User/premium/receipts', token: u.token })
    ).json().content;
    expect(receipts).toEqual([
      expect.objectContaining({
        amount: '49',
        currency: 'USD',
        cardLast4: '4242',
        cardBrand: 'visa',
        refundedAt: null,
      }),
    ]);

    // A second checkout is refused while premium.
    expect((await startPremium(jwToken)).statusCode).toBe(409);
  });

  it('refuses card data on POST User/premium and the checkout call', async () => {
    const u = await makeUser(t);
    const card = {
      creditCardNumber: '4242424242424242',
      cvc: '123',
      expiracy: '12/39',
      firstName: 'A',
      lastName: 'B',
    };
    for (const url of ['/api/User/premium', '/api/User/premium/checkout']) {
      const res = await t.request({ method: 'POST', url, token: u.token, payload: card });
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toContain('4242424242424242');
    }
  });

  it('cancel keeps premium to the period end and nothing renews; the end arrives as an event', async () => {
    const u = await makeUser(t);
    const url = await checkoutUrl(await startPremium(u.token));
    await payOnPage(t, url, GOOD);
    await hooks.release();
    const del = await t.request({
      method: 'DELETE',
      url: '/api/User/premium',
      token: (await confirm(u.token)).json().content.jwToken,
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(claims(del.json().content.jwToken).premium).toBe(true);
    const [sub] = await t.services.db
      .select()
      .from(premiumSubscriptions)
      .where(eq(premiumSubscriptions.userId, u.id));
    expect(sub).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const [gw] = await t.services.db
      .select()
      .from(testGatewaySubscriptions)
      .where(eq(testGatewaySubscriptions.id, sub?.gatewayReference ?? ''));
    expect(gw?.cancelAtPeriodEnd).toBe(true);

    // The period ends: the gateway ends the subscription instead of renewing it.
    await t.services.db
      .update(testGatewaySubscriptions)
      .set({ periodEnd: new Date(Date.now() - 1000) })
      .where(eq(testGatewaySubscriptions.id, gw?.id ?? ''));
    expect(await t.services.payments.test?.renewDue()).toBe(1);
    expect(await hooks.release()).toBe(1);
    const [ended] = await t.services.db
      .select()
      .from(premiumSubscriptions)
      .where(eq(premiumSubscriptions.userId, u.id));
    expect(ended?.status).toBe('cancelled');
  });

  it('Pay pressed several times, or again after going back: one hosted page, paid once', async () => {
    const u = await makeUser(t);
    const answers = await Promise.all(Array.from({ length: 5 }, () => startPremium(u.token)));
    for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
    const urls = new Set(
      answers.filter((a) => a.statusCode === 200).map((a) => a.json().content.url as string),
    );
    expect(urls.size).toBe(1);
    const [url] = [...urls];
    // Back from the gateway's page without paying, then Pay again: the same page.
    expect(await checkoutUrl(await startPremium(u.token))).toBe(url);
    const email = (await t.services.account.getUser(u.id)).email;
    const sessions = await t.services.db
      .select()
      .from(testGatewaySessions)
      .where(eq(testGatewaySessions.email, email));
    expect(sessions.map((s) => s.status)).toEqual(['open']);

    // The page expired at the gateway: a new one opens, and only it can be paid.
    await t.services.payments.gateway.expireCheckout(sessions[0]?.id ?? '');
    const fresh = await checkoutUrl(await startPremium(u.token));
    expect(fresh).not.toBe(url);
    expect((await payOnPage(t, url ?? '', GOOD)).body).toContain('expired');
    expect((await payOnPage(t, fresh, GOOD)).statusCode).toBe(303);
    await hooks.release();
    const subs = await t.services.db
      .select()
      .from(premiumSubscriptions)
      .where(eq(premiumSubscriptions.userId, u.id));
    expect(subs.map((s) => s.status)).toEqual(['active']);
    // Paid: Pay again is refused.
    expect((await startPremium(u.token)).json().error.code).toBe('ALREADY_PREMIUM');
  });
});
