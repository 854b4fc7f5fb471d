import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, checkouts, deposits, premiumPayments, testGatewayPayments, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditLedger } from '../ledger/ledger.repository';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import { checkoutIdOf, checkoutUrl, GOOD, heldWebhooks, payOnPage } from './payments.test-helpers';

let t: TestApp;
let hooks: ReturnType<typeof heldWebhooks>;
let admin: { id: string; token: string };
let usd: string;
let btc: string;
beforeAll(async () => {
  t = await createTestApp();
  hooks = heldWebhooks(t);
  admin = await makeUser(t, { role: 'admin' });
  usd = await assetId(t, 'USD');
  btc = await assetId(t, 'BTC');
});
afterAll(() => t.close());

const amountOf = async (token: string, ticker: string) =>
  (
    (await t.request({ method: 'GET', url: '/api/Wallets', token })).json().content as {
      ticker: string;
      amount: string;
    }[]
  ).find((w) => w.ticker === ticker)?.amount;

/** A card deposit paid on the hosted page and credited by its webhook. */
async function cardDeposit(amount: string) {
  const u = await makeUser(t);
  const url = await checkoutUrl(
    await t.request({
      method: 'POST',
      url: '/api/Payment/card/checkout',
      token: u.token,
      payload: { assetId: usd, amount },
    }),
  );
  const id = checkoutIdOf((await payOnPage(t, url, GOOD)).headers.location as string);
  await hooks.release();
  const [c] = await t.services.db.select().from(checkouts).where(eq(checkouts.id, id));
  const [d] = await t.services.db
    .select()
    .from(deposits)
    .where(eq(deposits.id, c?.depositId ?? ''));
  if (!d) throw new Error('no deposit');
  return { u, d };
}
const refund = (id: string, token = admin.token) =>
  t.request({ method: 'POST', url: `/api/Admin/deposits/${id}/refund`, token });
const auditOf = (id: string) => t.services.db.select().from(auditLog).where(eq(auditLog.targetId, id));

describe('refunds by support', () => {
  it('a card deposit: the wallet debited, the gateway refunded, one audit row; a second refund is refused', async () => {
    const { u, d } = await cardDeposit('80');
    expect(await amountOf(u.token, 'USD')).toBe('80');
    expect((await refund(d.id, u.token)).statusCode).toBe(403);
    const res = await refund(d.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await amountOf(u.token, 'USD')).toBe('0');
    const [gw] = await t.services.db
      .select()
      .from(testGatewayPayments)
      .where(eq(testGatewayPayments.id, d.gatewayReference ?? ''));
    expect(gw?.refunded).toBe('80');
    await hooks.release();
    const [after] = await t.services.db.select().from(deposits).where(eq(deposits.id, d.id));
    expect(after).toMatchObject({ refundStatus: 'refunded', status: 1 });
    expect(after?.refundedAt).toBeInstanceOf(Date);
    const mine = (await t.request({ method: 'GET', url: '/api/Payment/deposits', token: u.token })).json()
      .content;
    expect(mine[0].refundedAt).not.toBeNull();
    expect(await auditOf(d.id)).toEqual([
      expect.objectContaining({ action: 'deposit.refund', actorId: admin.id }),
    ]);
    expect(await auditLedger(t.services.db)).toEqual({ unbalanced: [], drift: [], negative: [] });

    const again = await refund(d.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_REFUNDED');
    expect(gw?.refunded).toBe('80');
  });

  it('refused with its reason when the money was already converted; nothing moves', async () => {
    const { u, d } = await cardDeposit('160');
    const lock = await t.request({
      method: 'POST',
      url: '/api/AssetConvert/lock',
      token: u.token,
      payload: { leftAssetId: usd, rightAssetId: btc },
    });
    const conv = await t.request({
      method: 'POST',
      url: '/api/AssetConvert/convert',
      token: u.token,
      payload: { transactionLockId: lock.json().content.id, amount: '120' },
    });
    expect(conv.statusCode, conv.body).toBe(200);
    const res = await refund(d.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'REFUND_FUNDS_SPENT',
      error: 'The money has already been used: the wallet holds only 40 USD. Nothing was refunded.',
    });
    expect(await amountOf(u.token, 'USD')).toBe('40');
    const [gw] = await t.services.db
      .select()
      .from(testGatewayPayments)
      .where(eq(testGatewayPayments.id, d.gatewayReference ?? ''));
    expect(gw?.refunded).toBe('0');
    expect(await auditOf(d.id)).toEqual([]);
    expect(await auditLedger(t.services.db)).toEqual({ unbalanced: [], drift: [], negative: [] });
  });

  it('a crypto deposit or an uncredited one cannot be refunded by card', async () => {
    const u = await makeUser(t);
    const [crypto] = await t.services.db
      .insert(deposits)
      .values({ userId: u.id, assetId: btc, method: 'crypto', amount: '1', status: 1 })
      .returning();
    expect((await refund(crypto?.id ?? '')).json().error.code).toBe('REFUND_NOT_CARD');
    expect((await refund('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('a premium payment: refunded at the gateway, premium ends now, and the payment shows as refunded', async () => {
    const u = await makeUser(t);
    const url = await checkoutUrl(
      await t.request({ method: 'POST', url: '/api/User/premium/checkout', token: u.token, payload: {} }),
    );
    await payOnPage(t, url, GOOD);
    await hooks.release();
    const list = (
      await t.request({
        method: 'GET',
        url: '/api/Admin/premium/payments?page=1&pageSize=50',
        token: admin.token,
      })
    ).json().content;
    // The total comes from the kept figures (migration 0023) and matches the table.
    expect(list.total).toBe((await t.services.db.select().from(premiumPayments)).length);
    const p = list.items.find((i: { user: { id: string } }) => i.user.id === u.id);
    expect(p).toMatchObject({ amount: '49', currency: 'USD', cardLast4: '4242', refundedAt: null });
    const res = await t.request({
      method: 'POST',
      url: `/api/Admin/premium/payments/${p.id}/refund`,
      token: admin.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    await hooks.release();
    const [row] = await t.services.db.select().from(premiumPayments).where(eq(premiumPayments.id, p.id));
    expect(row?.refundStatus).toBe('refunded');
    const [usr] = await t.services.db.select().from(users).where(eq(users.id, u.id));
    expect(usr?.premiumUntil?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(
      (await t.request({ method: 'GET', url: '/api/User/premium', token: u.token })).json().content.status,
    ).toBe('cancelled');
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/Admin/premium/payments/${p.id}/refund`,
          token: admin.token,
        })
      ).statusCode,
    ).toBe(409);
    expect(await auditOf(p.id)).toEqual([expect.objectContaining({ action: 'premiumPayment.refund' })]);
  });
});
