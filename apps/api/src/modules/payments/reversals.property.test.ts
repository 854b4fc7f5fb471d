import { randomUUID } from 'node:crypto';
import { Decimal, TransactionStatus } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardReversals, deposits, spendingHolds } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditLedger } from '../ledger/ledger.repository';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import { heldWebhooks } from './payments.test-helpers';
import { convert, outsideEvents } from './reversals.test-helpers';

/**
 * A chargeback racing the payer's own spending. On PostgreSQL (DATABASE_URL) the conversion and the
 * dispute's webhook run at once; on PGlite (one connection) one after the other, in a random order.
 * Whatever the interleaving: the ledger balances, no balance is negative, the dispute takes back
 * exactly what the deposit credited, split into what was debited and what is held, and a user with
 * something held has spent nothing after the hold.
 */
let t: TestApp;
let events: ReturnType<typeof outsideEvents>;
let usd: string;
beforeAll(async () => {
  t = await createTestApp();
  events = outsideEvents(t, heldWebhooks(t));
  usd = await assetId(t, 'USD');
});
afterAll(() => t.close());

/** A credited card deposit, written as the webhook writes it (faster than paying on the page). */
async function creditedCardDeposit(amount: string) {
  const u = await makeUser(t);
  const pi = `pi_prop_${randomUUID().replaceAll('-', '')}`;
  await t.services.db.transaction(async (tx) => {
    const [d] = await tx
      .insert(deposits)
      .values({
        userId: u.id,
        assetId: usd,
        method: 'card',
        amount,
        status: TransactionStatus.success,
        gatewayReference: pi,
      })
      .returning();
    if (!d) throw new Error('no deposit');
    const entry = await t.services.ledger.post(tx, {
      kind: 'card_deposit',
      reference: d.id,
      legs: [
        { owner: { kind: 'house' }, assetId: usd, amount: new Decimal(amount).neg() },
        { owner: { kind: 'user', userId: u.id }, assetId: usd, amount: new Decimal(amount) },
      ],
    });
    await tx
      .update(deposits)
      .set({ journalEntryId: entry ?? null })
      .where(eq(deposits.id, d.id));
  });
  return { u, pi };
}

describe('a chargeback racing a conversion', () => {
  it('keeps the ledger balanced, never negative, and takes back exactly the deposit', async () => {
    const concurrent = t.database.kind === 'postgres';
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 400, max: 5000 }),
        fc.double({ min: 0.3, max: 1, noNaN: true }),
        fc.double({ min: 0.1, max: 1, noNaN: true }),
        fc.boolean(),
        async (deposit, spendShare, disputeShare, disputeFirst) => {
          const amount = String(deposit);
          const spend = new Decimal(deposit).mul(spendShare).toDecimalPlaces(2, Decimal.ROUND_DOWN);
          const disputed = new Decimal(deposit).mul(disputeShare).toDecimalPlaces(2, Decimal.ROUND_DOWN);
          const { u, pi } = await creditedCardDeposit(amount);
          const spendNow = () => convert(t, u.token, 'USD', 'BTC', spend.toString());
          const disputeNow = () => events.dispute(pi, disputed.toString());
          let spent: Awaited<ReturnType<typeof spendNow>>;
          if (concurrent) [spent] = await Promise.all([spendNow(), disputeNow()]);
          else if (disputeFirst) {
            await disputeNow();
            spent = await spendNow();
          } else {
            spent = await spendNow();
            await disputeNow();
          }
          const code = spent.statusCode === 200 ? 'OK' : spent.json().error.code;
          expect(['OK', 'SPENDING_ON_HOLD', 'INSUFFICIENT_FUNDS']).toContain(code);

          const balance = (await t.services.ledger.balances(u.id)).get(usd) ?? new Decimal(0);
          const [r] = await t.services.db
            .select()
            .from(cardReversals)
            .where(eq(cardReversals.paymentReference, pi));
          const holds = await t.services.db
            .select()
            .from(spendingHolds)
            .where(eq(spendingHolds.userId, u.id));
          const held = holds.reduce((s, h) => s.add(h.amount), new Decimal(0));
          expect(balance.gte(0)).toBe(true);
          expect(new Decimal(r?.taken ?? -1).eq(disputed)).toBe(true);
          expect(new Decimal(r?.debited ?? 0).add(r?.held ?? 0).eq(disputed)).toBe(true);
          expect(held.eq(r?.held ?? 0)).toBe(true);
          // Every unit of the deposit is in the wallet, spent, or debited back.
          const out = code === 'OK' ? spend : new Decimal(0);
          expect(
            balance
              .add(out)
              .add(r?.debited ?? 0)
              .eq(deposit),
          ).toBe(true);
          // Something held means the payer spent it before the dispute: never after.
          if (held.gt(0)) expect(code).toBe('OK');
        },
      ),
      { numRuns: concurrent ? 10 : 8 },
    );
    expect(await auditLedger(t.services.db)).toEqual({ unbalanced: [], drift: [], negative: [] });
  });
});
