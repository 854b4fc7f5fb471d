import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  mailOutbox,
  premiumPayments,
  premiumSubscriptions,
  testGatewaySubscriptions,
  users,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditLedger } from '../ledger/ledger.repository';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import { checkoutUrl, GOOD, heldWebhooks, payOnPage } from './payments.test-helpers';
import { convert, outsideEvents } from './reversals.test-helpers';

// Money that leaves outside the app (a chargeback, a refund made in the gateway's dashboard): what
// the wallet still holds is debited, what it no longer holds is owed and freezes the account's
// spending until the back office clears it, and the admins are told.
let t: TestApp;
let hooks: ReturnType<typeof heldWebhooks>;
let events: ReturnType<typeof outsideEvents>;
let admin: { id: string; token: string; email: string };
beforeAll(async () => {
  t = await createTestApp();
  hooks = heldWebhooks(t);
  events = outsideEvents(t, hooks);
  const a = await makeUser(t, { role: 'admin' });
  const [row] = await t.services.db.select().from(users).where(eq(users.id, a.id));
  admin = { ...a, email: row?.email ?? '' };
});
afterAll(() => t.close());

const balance = async (userId: string, ticker: string) =>
  (await t.services.ledger.balances(userId)).get(await assetId(t, ticker))?.toString() ?? '0';
const holdsOf = async (userId: string) =>
  (
    await t.request({ method: 'GET', url: `/api/Admin/spending-holds?userId=${userId}`, token: admin.token })
  ).json().content as {
    id: string;
    amount: string;
    ticker: string;
    reason: string;
    clearedAt: string | null;
    user: { email: string };
  }[];
const mailsTo = (to: string) => t.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe('a chargeback of a card deposit', () => {
  it('debits what is left, freezes the rest: spending is refused until the back office clears it', async () => {
    const { u, d } = await events.cardDeposit('1000');
    expect((await convert(t, u.token, 'USD', 'BTC', '700')).statusCode).toBe(200);
    const before = (await mailsTo(admin.email)).length;

    expect(await events.dispute(d.gatewayReference, '1000', 'dp_first')).toEqual({
      received: true,
      duplicate: false,
    });
    expect(await balance(u.id, 'USD')).toBe('0');
    expect(await holdsOf(u.id)).toEqual([
      expect.objectContaining({ amount: '700', ticker: 'USD', reason: 'card_dispute', clearedAt: null }),
    ]);
    // The coins bought with the money taken back cannot leave: every debit is refused.
    const refused = await convert(t, u.token, 'BTC', 'USD', (await balance(u.id, 'BTC')).toString());
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('SPENDING_ON_HOLD');
    // The admins are told, by e-mail and in the audit log.
    const mails = await mailsTo(admin.email);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)?.body).toContain(d.id);
    expect(mails.at(-1)?.body).toContain('700 USD');
    const audit = await t.services.db.select().from(auditLog).where(eq(auditLog.targetId, d.id));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'deposit.reversal',
        after: expect.objectContaining({ debited: '300', held: '700', reason: 'card_dispute' }),
      }),
    ]);
    expect(await auditLedger(t.services.db)).toEqual({ unbalanced: [], drift: [], negative: [] });

    // The back office sees who owes it.
    expect((await holdsOf(u.id))[0]?.user.email).toMatch(/^u-.+@test\.vaultline$/);

    // The same dispute reported again (another event) changes nothing.
    await events.dispute(d.gatewayReference, '1000', 'dp_first');
    expect(await holdsOf(u.id)).toHaveLength(1);
    expect(await balance(u.id, 'USD')).toBe('0');
    expect((await mailsTo(admin.email)).length).toBe(before + 1);

    // Cleared by the back office (the debt settled another way): spending works again.
    const [hold] = await holdsOf(u.id);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/Admin/spending-holds/${hold?.id}/clear`,
          token: u.token,
          payload: { note: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    const cleared = await t.request({
      method: 'POST',
      url: `/api/Admin/spending-holds/${hold?.id}/clear`,
      token: admin.token,
      payload: { note: 'Paid back by bank transfer' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await holdsOf(u.id))[0]?.clearedAt).not.toBeNull();
    const again = await convert(t, u.token, 'BTC', 'USD', (await balance(u.id, 'BTC')).toString());
    expect(again.statusCode, again.body).toBe(200);
  });

  it('a refund made in the gateway, not by the back office: debited as far as it goes, in steps', async () => {
    const { u, d } = await events.cardDeposit('500');
    await events.refundedOutside(d.gatewayReference, '500', '200');
    expect(await balance(u.id, 'USD')).toBe('300');
    expect(await holdsOf(u.id)).toEqual([]);
    // Taken back in part already: a full refund by the back office would pay twice.
    const partly = await t.request({
      method: 'POST',
      url: `/api/Admin/deposits/${d.id}/refund`,
      token: admin.token,
    });
    expect(partly.json().error?.code).toBe('ALREADY_REFUNDED');
    expect(await balance(u.id, 'USD')).toBe('300');
    // What is left is the user's to spend.
    expect((await convert(t, u.token, 'USD', 'BTC', '150')).statusCode).toBe(200);
    // The rest refunded later: the 150 USD converted meanwhile is owed.
    await events.refundedOutside(d.gatewayReference, '500', '500');
    expect(await balance(u.id, 'USD')).toBe('0');
    expect(await holdsOf(u.id)).toEqual([
      expect.objectContaining({ amount: '150', ticker: 'USD', reason: 'card_refund' }),
    ]);
    // Refunded in full: the back office cannot refund it a second time.
    const twice = await t.request({
      method: 'POST',
      url: `/api/Admin/deposits/${d.id}/refund`,
      token: admin.token,
    });
    expect(twice.json().error?.code).toBe('ALREADY_REFUNDED');
    expect(await auditLedger(t.services.db)).toEqual({ unbalanced: [], drift: [], negative: [] });
  });
});

describe('a chargeback of a premium payment', () => {
  it('ends premium here and the subscription at the gateway, and tells the admins', async () => {
    const u = await makeUser(t);
    const url = await checkoutUrl(
      await t.request({ method: 'POST', url: '/api/User/premium/checkout', token: u.token, payload: {} }),
    );
    expect((await payOnPage(t, url, GOOD)).statusCode).toBe(303);
    await hooks.release();
    const [sub] = await t.services.db
      .select()
      .from(premiumSubscriptions)
      .where(eq(premiumSubscriptions.userId, u.id));
    const [p] = await t.services.db.select().from(premiumPayments).where(eq(premiumPayments.userId, u.id));
    const before = (await mailsTo(admin.email)).length;
    await events.dispute(p?.paymentReference ?? '', '49');
    await hooks.release();
    const [usr] = await t.services.db.select().from(users).where(eq(users.id, u.id));
    expect(usr?.premiumUntil?.getTime() ?? 0).toBeLessThanOrEqual(Date.now());
    const [atGateway] = await t.services.db
      .select()
      .from(testGatewaySubscriptions)
      .where(eq(testGatewaySubscriptions.id, sub?.gatewayReference ?? ''));
    expect(atGateway?.status).toBe('canceled');
    expect((await mailsTo(admin.email)).length).toBe(before + 1);
  });
});
