import { randomUUID } from 'node:crypto';
import { Decimal } from '@vaultline/shared';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts, withdrawals } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assetId, fund, makeUser } from '../ledger/ledger.test-helpers';
import { complete } from './withdrawal-moves';
import { auditClean, money, setRule, usableAddress, withdrawalCount } from './withdrawals.test-helpers';

// Run on PGlite by default and on PostgreSQL with DATABASE_URL (the same file, both databases).
let t: TestApp;
let eth: string;
beforeAll(async () => {
  t = await createTestApp({
    env: { WITHDRAWAL_REVIEW_FIRST: 'false', WITHDRAWAL_DAILY_LIMIT_USD: '100000000' },
  });
  eth = await assetId(t, 'ETH');
  await setRule(t, 'ETH', { fee: '0.0005', minimum: '0.001' });
});
afterAll(() => t.close());

const settled = <T>(ps: Promise<T>[]) => Promise.allSettled(ps);

describe('withdrawals under concurrency', () => {
  it('a double click (one requestId sent five times at once) makes one withdrawal', async () => {
    const u = await makeUser(t, { twoFactor: true });
    await fund(t, u.id, 'ETH', '1');
    const a = await usableAddress(t, u.id);
    const requestId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.services.withdrawals.request(u.id, { assetId: eth, amount: '0.1', addressId: a.id, requestId }),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await withdrawalCount(t, u.id)).toBe(1);
    expect(await money(t, u.id, 'ETH')).toEqual({ available: '0.8995', held: '0.1005' });
  });

  it('20 withdrawals and conversions at once from one wallet never take it below zero', async () => {
    const u = await makeUser(t, { twoFactor: true });
    await fund(t, u.id, 'ETH', '0.5');
    const a = await usableAddress(t, u.id);
    const usd = await assetId(t, 'USD');
    const locks = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const res = await t.request({
          method: 'POST',
          url: '/api/AssetConvert/lock',
          token: u.token,
          payload: { leftAssetId: eth, rightAssetId: usd },
        });
        return res.json().content.id as string;
      }),
    );
    const jobs: Promise<unknown>[] = [];
    for (let i = 0; i < 10; i++) {
      jobs.push(t.services.withdrawals.request(u.id, { assetId: eth, amount: '0.05', addressId: a.id }));
      jobs.push(
        t
          .request({
            method: 'POST',
            url: '/api/AssetConvert/convert',
            token: u.token,
            payload: { transactionLockId: locks[i], amount: '0.05' },
          })
          .then((res) => {
            if (res.statusCode !== 200) throw new Error(res.json().error.code);
          }),
      );
    }
    const results = await settled(jobs);
    const refusals = results
      .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
      .map((r) => (r.reason as { code?: string; message?: string }).code ?? (r.reason as Error).message);
    // 0.5 ETH cannot pay 10 × 0.0505 and 10 × 0.05: some were refused, each for the balance.
    expect(refusals.length).toBeGreaterThan(0);
    expect(new Set(refusals)).toEqual(new Set(['INSUFFICIENT_FUNDS']));
    const made = await t.services.db.select().from(withdrawals).where(eq(withdrawals.userId, u.id));
    const convertedCount = results.filter((r, i) => i % 2 === 1 && r.status === 'fulfilled').length;
    const { available, held } = await money(t, u.id, 'ETH');
    expect(new Decimal(available).gte(0)).toBe(true);
    expect(held).toBe(new Decimal('0.0505').times(made.length).toString());
    expect(new Decimal(available).plus(held).plus(new Decimal('0.05').times(convertedCount)).toString()).toBe(
      '0.5',
    );
    expect(await auditClean(t)).toBe(true);
  });
});

describe('property: money is only ever in the wallet, held, or out (amount + fee)', () => {
  it('after any sequence of request, cancel and complete, wallet + held + withdrawn + fees is what was there', async () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('request' as const),
        amount: fc.constantFrom('0.001', '0.01', '0.05', '0.3'),
      }),
      fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('complete' as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const u = await makeUser(t);
        await fund(t, u.id, 'ETH', '0.5');
        const a = await usableAddress(t, u.id);
        const ids: string[] = [];
        for (const o of ops) {
          if (o.kind === 'request') {
            const r = await t.services.withdrawals
              .request(u.id, { assetId: eth, amount: o.amount, addressId: a.id })
              .catch((err: { code?: string }) => {
                if (err.code !== 'INSUFFICIENT_FUNDS') throw err;
                return undefined;
              });
            if (r) ids.push(r.id);
          } else if (ids.length > 0) {
            const id = ids[o.pick % ids.length] as string;
            if (o.kind === 'cancel')
              await t.services.withdrawals.cancel(u.id, id).catch((err: { code?: string }) => {
                if (err.code !== 'WITHDRAWAL_NOT_CANCELLABLE') throw err;
              });
            else
              await t.services.db.transaction((tx) =>
                complete(tx, t.services.ledger, id, ['queued', 'sending', 'sent']),
              );
          }
        }
        const rows = await t.services.db.select().from(withdrawals).where(eq(withdrawals.userId, u.id));
        const out = rows
          .filter((w) => w.status === 'completed')
          .reduce((s, w) => s.plus(w.amount).plus(w.fee), new Decimal(0));
        const stillHeld = rows
          .filter((w) => w.status === 'queued' || w.status === 'review')
          .reduce((s, w) => s.plus(w.amount).plus(w.fee), new Decimal(0));
        const { available, held } = await money(t, u.id, 'ETH');
        expect(held).toBe(stillHeld.toString());
        expect(new Decimal(available).plus(held).plus(out).toString()).toBe('0.5');
        const [acct] = await t.services.db
          .select()
          .from(ledgerAccounts)
          .where(and(eq(ledgerAccounts.userId, u.id), eq(ledgerAccounts.kind, 'user')));
        expect(new Decimal(acct?.balance ?? '0').gte(0)).toBe(true);
        expect(await auditClean(t)).toBe(true);
      }),
      { numRuns: 15 },
    );
  });
});
