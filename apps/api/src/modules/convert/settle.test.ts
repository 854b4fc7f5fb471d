import { randomUUID } from 'node:crypto';
import { conversionQuote, Decimal, toPlain } from '@vaultline/shared';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions, priceLocks, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assetId, fund, makeUser } from '../ledger/ledger.test-helpers';
import { SETTING_KEYS } from '../system/system.service';

let t: TestApp;
const decimals: Record<string, number> = { USD: 2, JPY: 0, BTC: 8, ETH: 18 };
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const k of Object.keys(decimals)) ids[k] = await assetId(t, k);
});
afterAll(() => t.close());

/** A lock at any rate the test picks (the API would take the live price). */
async function lockAt(userId: string, left: string, right: string, rate: string, usd = '1000') {
  const [row] = await t.services.db
    .insert(priceLocks)
    .values({
      userId,
      leftAssetId: ids[left] as string,
      rightAssetId: ids[right] as string,
      rate,
      leftUsd: usd,
      rightUsd: '1',
      expiresAt: sql`now() + interval '60 seconds'`,
    })
    .returning({ id: priceLocks.id });
  if (!row) throw new Error('no lock');
  return row.id;
}

const decimalText = (maxInt: number, places: number) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: maxInt }),
      fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: places }),
    )
    .map(([i, f]) => (f ? `${i}.${f}` : `${i}`));

describe('convert_settle (the one-statement settlement)', () => {
  it('credits exactly what the shared quote rule says, for any amount, rate, fee rate and decimals', async () => {
    const u = await makeUser(t);
    for (const k of Object.keys(decimals)) await fund(t, u.id, k, '1000000000');
    await t.services.system.setSetting(SETTING_KEYS.minimumTransactionAmount, '0');
    const tickers = fc.constantFrom(...Object.keys(decimals));
    await fc.assert(
      fc.asyncProperty(
        tickers,
        tickers,
        decimalText(1000, 18),
        decimalText(100000, 30).filter((r) => new Decimal(r).gt(0)),
        decimalText(0, 6),
        async (left, right, amountRaw, rate, feeRate) => {
          fc.pre(left !== right);
          // The amount is cut to the source's decimals so that the database accepts it.
          const amount = new Decimal(amountRaw).toDecimalPlaces(decimals[left] as number, Decimal.ROUND_DOWN);
          fc.pre(amount.gt(0));
          await t.services.system.setSetting(SETTING_KEYS.feeRate, feeRate);
          const lockId = await lockAt(u.id, left, right, rate);
          const q = conversionQuote(amount, rate, feeRate, decimals[right] as number);
          const res = await t.services.convert
            .convert({ id: u.id, tokenVersion: 0 }, lockId, toPlain(amount))
            .then((id) => ({ id }))
            .catch((err: { code?: string }) => ({ code: err.code }));
          if (q.receive.lte(0)) {
            expect(res).toEqual({ code: 'AMOUNT_TOO_SMALL' });
            return;
          }
          if (!('id' in res)) throw new Error(`refused: ${JSON.stringify(res)}`);
          const [row] = await t.services.db.select().from(conversions).where(eq(conversions.id, res.id));
          expect(new Decimal(row?.destinationAmount ?? 'NaN').eq(q.receive)).toBe(true);
          expect(new Decimal(row?.fee ?? 'NaN').eq(q.fee)).toBe(true);
          expect(new Decimal(row?.amount ?? 'NaN').eq(amount)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
    expect(await t.services.ledger.audit()).toEqual({ unbalanced: [], drift: [], negative: [] });
  });
});

describe('convert_lock', () => {
  it('commits without waiting for the disk, and only for its own transaction', async () => {
    const u = await makeUser(t);
    const show = async () =>
      (
        (await t.services.db.execute(sql`show synchronous_commit`)) as unknown as {
          rows: { synchronous_commit: string }[];
        }
      ).rows[0]?.synchronous_commit;
    const before = await show();
    const inside = await t.services.db.transaction(async (tx) => {
      await tx.execute(
        sql`select * from convert_lock(${u.id}, 0, ${ids.USD}, ${ids.BTC}, 0.00001, 1, 100000, 60)`,
      );
      return (
        (await tx.execute(sql`show synchronous_commit`)) as unknown as {
          rows: { synchronous_commit: string }[];
        }
      ).rows[0]?.synchronous_commit;
    });
    expect(inside).toBe('off');
    expect(before).toBe('on');
    // Sequential calls reuse the same connection; the setting did not outlive the transaction.
    expect(await show()).toBe('on');
  });
});

describe('lock and convert check the account in their own statement', () => {
  const post = (token: string, url: string, payload: object) =>
    t.request({ method: 'POST', url: `/api/AssetConvert/${url}`, token, payload });

  it('a disabled account can neither lock nor settle a lock it made before', async () => {
    const u = await makeUser(t);
    await fund(t, u.id, 'USD', '500');
    const lock = await post(u.token, 'lock', { leftAssetId: ids.USD, rightAssetId: ids.BTC });
    expect(lock.statusCode).toBe(200);
    await t.services.db.update(users).set({ status: -1 }).where(eq(users.id, u.id));
    const again = await post(u.token, 'lock', { leftAssetId: ids.USD, rightAssetId: ids.BTC });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe('ACCOUNT_DISABLED');
    const settle = await post(u.token, 'convert', {
      transactionLockId: lock.json().content.id,
      amount: '200',
    });
    expect(settle.statusCode).toBe(403);
    expect(settle.json().error.code).toBe('ACCOUNT_DISABLED');
    const [lockRow] = await t.services.db
      .select()
      .from(priceLocks)
      .where(eq(priceLocks.id, lock.json().content.id));
    expect(lockRow?.usedAt).toBeNull();
  });

  it('a revoked token (password changed, signed out everywhere) is refused with TOKEN_REVOKED', async () => {
    const u = await makeUser(t);
    await fund(t, u.id, 'USD', '500');
    const lock = await post(u.token, 'lock', { leftAssetId: ids.USD, rightAssetId: ids.BTC });
    await t.services.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, u.id));
    for (const [url, body] of [
      ['lock', { leftAssetId: ids.USD, rightAssetId: ids.BTC }],
      ['convert', { transactionLockId: lock.json().content.id, amount: '200' }],
    ] as const) {
      const res = await post(u.token, url, body);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code, url).toBe('TOKEN_REVOKED');
    }
    expect((await t.services.ledger.balances(u.id)).get(ids.USD as string)?.toFixed()).toBe('500');
  });

  it('a token for a user that does not exist is refused; no token at all is 401', async () => {
    const ghost = await t.services.tokens.sign({ sub: randomUUID(), role: 'user', premium: false, ver: 0 });
    const res = await post(ghost, 'lock', { leftAssetId: ids.USD, rightAssetId: ids.BTC });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('TOKEN_INVALID');
    const anon = await t.request({
      method: 'POST',
      url: '/api/AssetConvert/convert',
      payload: { transactionLockId: randomUUID(), amount: '1' },
    });
    expect(anon.statusCode).toBe(401);
  });

  it('premium comes from the database, not from the token', async () => {
    const u = await makeUser(t, { premium: false });
    await t.services.db
      .update(users)
      .set({ premiumUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, u.id));
    const res = await post(u.token, 'lock', { leftAssetId: ids.USD, rightAssetId: ids.BTC });
    expect(res.json().content.feeRate).toBe('0');
  });
});
