import { CARD_RECONCILED_NOTES, TEST_CARDS } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposits } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import { gatewayChargeCount } from './test-gateway-store';

// Card deposits interrupted between the charge and the credit (or before the charge) are found by
// the reconciliation and settled once; a card deposit has an upper limit in USD.
let t: TestApp;
let usd: string;
let eur: string;
beforeAll(async () => {
  t = await createTestApp({ env: { CARD_DEPOSIT_MAX_USD: '5000' } });
  usd = await assetId(t, 'USD');
  eur = await assetId(t, 'EUR');
});
afterAll(() => t.close());

const card = { cardNumber: TEST_CARDS.success, expiry: '12/39', cvc: '123', holderName: 'Test User' };
const deposit = (token: string, over: object) =>
  t.request({
    method: 'POST',
    url: '/api/Payment/card/deposit',
    token,
    payload: { ...card, assetId: usd, amount: '100', ...over },
  });
const balance = async (token: string, ticker: string) =>
  (
    (await t.request({ method: 'GET', url: '/api/Wallets', token })).json().content as {
      ticker: string;
      amount: string;
    }[]
  ).find((w) => w.ticker === ticker)?.amount;

/** A card deposit row as the server leaves it when it stops right after inserting it (status 2). */
async function stuck(userId: string, amount: string, minutesAgo = 30) {
  const [row] = await t.services.db
    .insert(deposits)
    .values({
      userId,
      assetId: usd,
      method: 'card',
      amount,
      status: 2,
      cardLast4: '4242',
      creationDate: new Date(Date.now() - minutesAgo * 60_000),
    })
    .returning({ id: deposits.id });
  return row?.id as string;
}
const rowOf = async (id: string) =>
  (await t.services.db.select().from(deposits).where(eq(deposits.id, id)))[0];

describe('card deposit limit', () => {
  it('refuses more than the configured USD value with a clear message, and charges nothing', async () => {
    const u = await makeUser(t);
    const res = await deposit(u.token, { amount: '5000.01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'CARD_LIMIT',
      error: 'A card deposit can be at most 5000 USD. Please enter a smaller amount.',
    });
    expect((await deposit(u.token, { amount: '5000' })).statusCode).toBe(200);
    expect(await balance(u.token, 'USD')).toBe('5000');
    // In another currency the limit is its USD equivalent, rounded down to the currency's decimals.
    const eurMax = (await deposit(u.token, { assetId: eur, amount: '100000' })).json().error.params.max;
    expect(eurMax).toMatch(/^\d+(\.\d{1,2})?$/);
    expect((await deposit(u.token, { assetId: eur, amount: eurMax })).statusCode).toBe(200);
  });
});

describe('card reconciliation', () => {
  it('credits, once, a deposit the gateway charged before the server stopped', async () => {
    const u = await makeUser(t);
    const id = await stuck(u.id, '75.25');
    // The gateway took the money (the charge was made with the deposit's id), then the server died.
    const charged = await t.services.payments.charge({
      card,
      amount: new (await import('@vaultline/shared')).Decimal('75.25'),
      currency: 'USD',
      description: 'interrupted',
      idempotencyKey: id,
    });
    expect(charged.ok).toBe(true);
    const cutoff = new Date(Date.now() - 10 * 60_000);
    const results = await Promise.all([
      t.services.funding.reconcileCards(cutoff),
      t.services.funding.reconcileCards(cutoff),
    ]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 1, adminNotes: CARD_RECONCILED_NOTES.credited });
    expect((await rowOf(id))?.journalEntryId).not.toBeNull();
    expect(await balance(u.token, 'USD')).toBe('75.25');
    expect(await t.services.funding.reconcileCards(cutoff)).toBe(0);
    expect(await balance(u.token, 'USD')).toBe('75.25');
  });

  it('fails one that never reached the gateway, and blocks a late charge with its id', async () => {
    const u = await makeUser(t);
    const id = await stuck(u.id, '20');
    expect(await t.services.funding.reconcileCards(new Date(Date.now() - 10 * 60_000))).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 0, adminNotes: CARD_RECONCILED_NOTES.notCharged });
    const late = await t.services.payments.charge({
      card,
      amount: new (await import('@vaultline/shared')).Decimal('20'),
      currency: 'USD',
      description: 'late',
      idempotencyKey: id,
    });
    expect(late.ok).toBe(false);
    expect(await gatewayChargeCount(t.services.db, id)).toBe(1);
    expect(await balance(u.token, 'USD')).toBe('0');
  });

  it('leaves young deposits alone (a charge may still be on its way) and shows settled ones to admins', async () => {
    const u = await makeUser(t);
    const admin = await makeUser(t, { role: 'admin' });
    const young = await stuck(u.id, '5', 1);
    expect(await t.services.funding.reconcileCards(new Date(Date.now() - 10 * 60_000))).toBe(0);
    expect((await rowOf(young))?.status).toBe(2);
    const list = await t.request({ method: 'GET', url: '/api/Admin/deposits', token: admin.token });
    const notes = (list.json().content.items as { adminNotes: string | null }[]).map((d) => d.adminNotes);
    expect(notes).toContain(CARD_RECONCILED_NOTES.credited);
    expect(notes).toContain(CARD_RECONCILED_NOTES.notCharged);
  });

  it('runs as a job with a short window', async () => {
    const app = await createTestApp({ env: { CARD_RECONCILE_AFTER_SECONDS: '1' } });
    try {
      const u = await makeUser(app);
      const [row] = await app.services.db
        .insert(deposits)
        .values({ userId: u.id, assetId: usd, method: 'card', amount: '9', status: 2, cardLast4: '4242' })
        .returning({ id: deposits.id });
      const id = row?.id as string;
      const deadline = Date.now() + 5000;
      let status = 2;
      while (status === 2 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await app.services.db.select().from(deposits).where(eq(deposits.id, id)))[0]?.status ?? 2;
      }
      expect(status).toBe(0);
    } finally {
      await app.close();
    }
  });
});
