import { randomBytes } from 'node:crypto';
import { Decimal } from '@vaultline/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { GOOD, payOnPage } from '../payments/payments.test-helpers';
import { pgError } from './ledger.service';
import { assetId, fund, makeUser } from './ledger.test-helpers';

/**
 * Money invariants under random interleavings. On PostgreSQL (DATABASE_URL) clients run at once
 * (Promise.all over a pool of 20); on PGlite, which has a single connection, the same scripts run
 * one client after another.
 */
let t: TestApp;
let ids: Record<string, string>;
let admin: { id: string; token: string };
let concurrent: boolean;
const TICKERS = ['USD', 'EUR', 'BTC', 'ETH'] as const;
type Ticker = (typeof TICKERS)[number];
const AMOUNTS: Record<Ticker, string[]> = {
  USD: ['99', '150.25', '400', '1200', '5000.01'],
  EUR: ['100', '250.5', '900'],
  BTC: ['0.002', '0.01', '0.05123456'],
  ETH: ['0.04', '0.5', '1.000000000000000001'],
};

beforeAll(async () => {
  t = await createTestApp();
  concurrent = t.database.kind === 'postgres';
  ids = {};
  for (const k of TICKERS) ids[k] = await assetId(t, k);
  admin = await makeUser(t, { role: 'admin' });
  await t.services.db.execute(
    sql`update assets set admin_wallet_address = 'DEMO-ADDRESS-FOR-TESTS' where ticker in ('BTC', 'ETH')`,
  );
  t.services.wallets.catalog.invalidate();
});
afterAll(() => t.close());

const runAll = async <T>(tasks: (() => Promise<T>)[]): Promise<T[]> => {
  if (concurrent) return Promise.all(tasks.map((f) => f()));
  const out: T[] = [];
  for (const f of tasks) out.push(await f());
  return out;
};

type Op =
  | { op: 'card'; amount: string }
  | { op: 'crypto'; ticker: 'BTC' | 'ETH'; amount: string }
  | { op: 'lock'; left: Ticker; right: Ticker }
  | { op: 'convert'; lock: number; pick: number }
  | { op: 'cancel'; lock: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('card' as const), amount: fc.constantFrom('500', '1000.5', '2500') }),
  fc.record({
    op: fc.constant('crypto' as const),
    ticker: fc.constantFrom('BTC' as const, 'ETH' as const),
    amount: fc.constantFrom('0.01', '0.5', '2'),
  }),
  fc
    .record({
      op: fc.constant('lock' as const),
      left: fc.constantFrom(...TICKERS),
      right: fc.constantFrom(...TICKERS),
    })
    .filter((o) => o.left !== o.right),
  fc.record({ op: fc.constant('convert' as const), lock: fc.nat(7), pick: fc.nat(4) }),
  fc.record({ op: fc.constant('cancel' as const), lock: fc.nat(7) }),
);

describe('ledger invariants', () => {
  it('hold after random deposits, locks, converts and cancels from concurrent clients', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.array(opArb, { maxLength: 8 }), { minLength: 2, maxLength: 2 }), {
          minLength: 4,
          maxLength: 4,
        }),
        async (users) => {
          const expected = new Map<string, Map<string, Decimal>>();
          const credit = (u: string, ticker: string, amount: string) => {
            const m = expected.get(u) ?? new Map<string, Decimal>();
            m.set(ticker, (m.get(ticker) ?? new Decimal(0)).plus(amount));
            expected.set(u, m);
          };
          const people = await Promise.all(users.map(() => makeUser(t)));
          const clients = users.flatMap((scripts, ui) =>
            scripts.map((script) => async () => {
              const u = people[ui] as { id: string; token: string };
              const locks: { id: string; left: Ticker }[] = [];
              for (const o of script) {
                let res: Awaited<ReturnType<TestApp['request']>>;
                if (o.op === 'card') {
                  // The hosted checkout, paid on the test gateway's page, credited by its webhook.
                  res = await t.request({
                    method: 'POST',
                    url: '/api/Payment/card/checkout',
                    token: u.token,
                    payload: { assetId: ids.USD, amount: o.amount },
                  });
                  if (res.statusCode === 200) {
                    res = await payOnPage(t, res.json().content.url, GOOD);
                    await t.services.payments.deliver();
                    if (res.statusCode === 303) credit(u.id, 'USD', o.amount);
                  }
                } else if (o.op === 'crypto') {
                  const n = await t.request({
                    method: 'POST',
                    url: '/api/Payment/crypto/notify',
                    token: u.token,
                    payload: {
                      assetId: ids[o.ticker],
                      amount: o.amount,
                      // A well-formed hash of the asset's network: 64 hex digits, 0x first on Ethereum.
                      transactionHash: `${o.ticker === 'ETH' ? '0x' : ''}${randomBytes(32).toString('hex')}`,
                    },
                  });
                  expect(n.statusCode).toBe(200);
                  res = await t.request({
                    method: 'POST',
                    url: `/api/Admin/deposits/${n.json().content}/approve`,
                    token: admin.token,
                  });
                  if (res.statusCode === 200) credit(u.id, o.ticker, o.amount);
                } else if (o.op === 'lock') {
                  res = await t.request({
                    method: 'POST',
                    url: '/api/AssetConvert/lock',
                    token: u.token,
                    payload: { leftAssetId: ids[o.left], rightAssetId: ids[o.right] },
                  });
                  if (res.statusCode === 200) locks.push({ id: res.json().content.id, left: o.left });
                } else {
                  const l = locks[o.lock % Math.max(locks.length, 1)];
                  if (!l) continue;
                  if (o.op === 'cancel') {
                    res = await t.request({
                      method: 'DELETE',
                      url: `/api/AssetConvert/lock?id=${l.id}`,
                      token: u.token,
                    });
                  } else {
                    const list = AMOUNTS[l.left];
                    const amount = list[o.pick % list.length] as string;
                    res = await t.request({
                      method: 'POST',
                      url: '/api/AssetConvert/convert',
                      token: u.token,
                      payload: { transactionLockId: l.id, amount },
                    });
                    if (res.statusCode === 200) {
                      const tx = (
                        await t.request({
                          method: 'GET',
                          url: `/api/AssetConvert/transaction?id=${res.json().content}`,
                          token: u.token,
                        })
                      ).json().content;
                      credit(u.id, tx.sourceWalletTicker, new Decimal(tx.amount).neg().toFixed());
                      credit(u.id, tx.destinationWalletTicker, tx.destinationAmount);
                    }
                  }
                }
                // Refusals are fine (balance, lock used…); a server error never is.
                expect(res.statusCode, res.body).toBeLessThan(500);
              }
            }),
          );
          await runAll(clients);

          const audit = await t.services.ledger.audit();
          expect(audit).toEqual({ unbalanced: [], drift: [], negative: [] });
          const perLock = (await t.services.db.execute(
            sql`select lock_id from conversions group by lock_id having count(*) > 1`,
          )) as unknown as { rows: unknown[] };
          expect(perLock.rows).toEqual([]);
          const entriesPerLock = (await t.services.db.execute(
            sql`select reference from journal_entries where kind = 'convert' group by reference having count(*) > 1`,
          )) as unknown as { rows: unknown[] };
          expect(entriesPerLock.rows).toEqual([]);
          for (const u of people) {
            const wallets = (await t.request({ method: 'GET', url: '/api/Wallets', token: u.token })).json()
              .content as { ticker: string; amount: string }[];
            for (const w of wallets) {
              const want = expected.get(u.id)?.get(w.ticker) ?? new Decimal(0);
              expect(new Decimal(w.amount).eq(want), `${w.ticker}: ${w.amount} vs ${want}`).toBe(true);
              expect(new Decimal(w.amount).gte(0)).toBe(true);
            }
          }
        },
      ),
      { numRuns: concurrent ? 6 : 3 },
    );
  }, 240_000);

  it('50 converts on one lock: exactly one succeeds', async () => {
    const u = await makeUser(t);
    await fund(t, u.id, 'USD', '100000');
    const id = (
      await t.request({
        method: 'POST',
        url: '/api/AssetConvert/lock',
        token: u.token,
        payload: { leftAssetId: ids.USD, rightAssetId: ids.EUR },
      })
    ).json().content.id;
    const results = await runAll(
      Array.from(
        { length: 50 },
        () => () =>
          t.request({
            method: 'POST',
            url: '/api/AssetConvert/convert',
            token: u.token,
            payload: { transactionLockId: id, amount: '1000' },
          }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409 && r.json().error.code === 'LOCK_USED')).toHaveLength(
      49,
    );
    const usd = (
      (await t.request({ method: 'GET', url: '/api/Wallets', token: u.token })).json().content as {
        ticker: string;
        amount: string;
      }[]
    ).find((w) => w.ticker === 'USD');
    expect(usd?.amount).toBe('99000');
  }, 120_000);

  it('many converts from one balance never spend more than it holds', async () => {
    const u = await makeUser(t);
    await fund(t, u.id, 'USD', '1000');
    const locks = await runAll(
      Array.from(
        { length: 12 },
        () => async () =>
          (
            await t.request({
              method: 'POST',
              url: '/api/AssetConvert/lock',
              token: u.token,
              payload: { leftAssetId: ids.USD, rightAssetId: ids.BTC },
            })
          ).json().content.id as string,
      ),
    );
    const results = await runAll(
      locks.map(
        (id) => () =>
          t.request({
            method: 'POST',
            url: '/api/AssetConvert/convert',
            token: u.token,
            payload: { transactionLockId: id, amount: '300' },
          }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.every((r) => r.statusCode === 200 || r.json().error.code === 'INSUFFICIENT_FUNDS')).toBe(
      true,
    );
    expect(await t.services.ledger.audit()).toEqual({ unbalanced: [], drift: [], negative: [] });
  }, 120_000);

  it('the database itself refuses a negative user balance and an unbalanced entry', async () => {
    const u = await makeUser(t);
    await fund(t, u.id, 'USD', '10');
    const direct = t.services.db.transaction((tx) =>
      t.services.ledger.post(tx, {
        kind: 'test_overdraft',
        reference: crypto.randomUUID(),
        legs: [
          {
            owner: { kind: 'user', userId: u.id },
            assetId: ids.USD as string,
            amount: new Decimal('-10.01'),
          },
          { owner: { kind: 'house' }, assetId: ids.USD as string, amount: new Decimal('10.01') },
        ],
      }),
    );
    await expect(direct).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await expect(
      t.services.db.execute(sql`update ledger_accounts set balance = 1000000 where user_id = ${u.id}`),
    ).rejects.toThrow();
    const unbalanced = t.services.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into journal_entries (id, kind, reference) values ('11111111-1111-4111-8111-111111111111', 'bad', 'x')`,
      );
      await tx.execute(sql`insert into postings (entry_id, leg, account_id, asset_id, amount)
        select '11111111-1111-4111-8111-111111111111', 1, id, asset_id, -1 from ledger_accounts where user_id = ${u.id}`);
    });
    expect(pgError(await unbalanced.catch((e: unknown) => e))?.constraint).toBe('postings_entry_balanced');
    expect(await t.services.ledger.audit()).toEqual({ unbalanced: [], drift: [], negative: [] });
  });
});
