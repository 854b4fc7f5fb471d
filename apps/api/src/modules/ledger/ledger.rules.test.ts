import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { pgError } from './ledger.service';
import { assetId, fund, makeUser } from './ledger.test-helpers';

/**
 * The rules the database keeps by itself (migrations 0003 and 0015), each tried by a writer that
 * goes around the ledger service with plain SQL: every one must be refused by the database.
 */
let t: TestApp;
let usd: string;
let btc: string;
let user: { id: string };
let userUsd: string;
let houseUsd: string;

/** The PostgreSQL error a statement was refused with (drizzle wraps it). */
async function refusal(run: Promise<unknown>) {
  const err = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, 'the database accepted it').toBeDefined();
  return pgError(err);
}

const exec = (q: ReturnType<typeof sql>) => t.services.db.execute(q);
const one = async <T>(q: ReturnType<typeof sql>) =>
  ((await exec(q)) as unknown as { rows: T[] }).rows[0] as T;

beforeAll(async () => {
  t = await createTestApp();
  usd = await assetId(t, 'USD');
  btc = await assetId(t, 'BTC');
  user = await makeUser(t);
  await fund(t, user.id, 'USD', '100');
  userUsd = (await one<{ id: string }>(sql`select id from ledger_accounts where user_id = ${user.id}`)).id;
  houseUsd = (
    await one<{ id: string }>(sql`select id from ledger_accounts where kind = 'house' and asset_id = ${usd}`)
  ).id;
});
afterAll(() => t.close());

/** A new journal entry with these postings, all in one INSERT statement, in one transaction. */
function post(legs: { account: string; asset: string; amount: string }[], entry = randomUUID()) {
  return t.services.db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into journal_entries (id, kind, reference) values (${entry}, 'rules_test', ${entry})
          on conflict do nothing`,
    );
    const values = sql.join(
      legs.map(
        (l, i) =>
          sql`(${entry}::uuid, ${i + 1}::int, ${l.account}::uuid, ${l.asset}::uuid, ${l.amount}::numeric)`,
      ),
      sql`, `,
    );
    // A leg number past the entry's existing ones, so that a second statement can add to it.
    await tx.execute(sql`insert into postings (entry_id, leg, account_id, asset_id, amount)
      select v.e, v.n + coalesce((select max(leg) from postings where entry_id = ${entry}), 0), v.a, v.s, v.m
      from (values ${values}) as v(e, n, a, s, m)`);
  });
}

const balance = async () =>
  (await one<{ balance: string }>(sql`select balance from ledger_accounts where id = ${userUsd}`)).balance;

describe('the ledger rules the database enforces', () => {
  it('a balanced entry moves the user balance by its postings', async () => {
    await post([
      { account: userUsd, asset: usd, amount: '-10' },
      { account: houseUsd, asset: usd, amount: '10' },
    ]);
    expect(Number(await balance())).toBe(90);
  });

  it('refuses an entry that does not sum to zero, and changes nothing', async () => {
    const err = await refusal(
      post([
        { account: userUsd, asset: usd, amount: '-10' },
        { account: houseUsd, asset: usd, amount: '9.99' },
      ]),
    );
    expect(err?.constraint).toBe('postings_entry_balanced');
    expect(Number(await balance())).toBe(90);
  });

  it('refuses a later statement that unbalances an entry already posted', async () => {
    const entry = randomUUID();
    await post(
      [
        { account: userUsd, asset: usd, amount: '-1' },
        { account: houseUsd, asset: usd, amount: '1' },
      ],
      entry,
    );
    const err = await refusal(post([{ account: userUsd, asset: usd, amount: '1' }], entry));
    expect(err?.constraint).toBe('postings_entry_balanced');
  });

  it('refuses a posting to an account that does not exist or holds another asset', async () => {
    const missing = await refusal(
      post([
        { account: randomUUID(), asset: usd, amount: '-1' },
        { account: houseUsd, asset: usd, amount: '1' },
      ]),
    );
    expect(missing?.constraint).toBe('postings_entry_balanced');
    const otherAsset = await refusal(
      post([
        { account: userUsd, asset: btc, amount: '-1' },
        { account: houseUsd, asset: btc, amount: '1' },
      ]),
    );
    expect(otherAsset?.constraint).toBe('postings_entry_balanced');
  });

  it('refuses a posting whose journal entry does not exist', async () => {
    const err = await refusal(
      exec(sql`insert into postings (entry_id, leg, account_id, asset_id, amount)
               values (${randomUUID()}, 1, ${userUsd}, ${usd}, -1), (${randomUUID()}, 1, ${houseUsd}, ${usd}, 1)`),
    );
    expect(err?.constraint).toBe('postings_entry_balanced');
  });

  it('refuses a user balance below zero', async () => {
    const err = await refusal(
      post([
        { account: userUsd, asset: usd, amount: '-1000' },
        { account: houseUsd, asset: usd, amount: '1000' },
      ]),
    );
    expect(err?.constraint).toBe('ledger_accounts_user_balance_nonneg');
  });

  it('refuses changing a stored balance, an account, or a posting directly', async () => {
    expect(
      (await refusal(exec(sql`update ledger_accounts set balance = 1e9 where id = ${userUsd}`)))?.code,
    ).toBe('23001');
    expect(
      (await refusal(exec(sql`update ledger_accounts set asset_id = ${btc} where id = ${userUsd}`)))?.code,
    ).toBe('23001');
    expect((await refusal(exec(sql`delete from ledger_accounts where id = ${houseUsd}`)))?.code).toBe(
      '23001',
    );
    expect(
      (await refusal(exec(sql`update postings set amount = 1 where account_id = ${userUsd}`)))?.code,
    ).toBe('23001');
    expect((await refusal(exec(sql`delete from journal_entries`)))?.code).toBe('23001');
  });

  it('refuses deleting the users and assets the ledger points at', async () => {
    expect((await refusal(exec(sql`delete from users where id = ${user.id}`)))?.code).toBe('23001');
    expect((await refusal(exec(sql`delete from assets where id = ${btc}`)))?.code).toBe('23001');
    expect((await refusal(exec(sql`update assets set id = ${randomUUID()} where id = ${btc}`)))?.code).toBe(
      '23001',
    );
  });

  it('refuses a conversion naming a user, asset or journal entry that does not exist', async () => {
    const entry = (await one<{ id: string }>(sql`select id from journal_entries limit 1`)).id;
    const insert = (u: string, left: string, e: string) =>
      exec(sql`insert into conversions (user_id, lock_id, left_asset_id, right_asset_id, amount,
                 destination_amount, rate, fee, usd_value, status, journal_entry_id)
               values (${u}, ${randomUUID()}, ${left}, ${btc}, 1, 1, 1, 0, 1, 1, ${e})`);
    for (const bad of [
      insert(randomUUID(), usd, entry),
      insert(user.id, randomUUID(), entry),
      insert(user.id, usd, randomUUID()),
    ])
      expect((await refusal(bad))?.constraint).toBe('conversions_references');
  });

  it('keeps price locks out of the WAL (unlogged) and no other table refers to them', async () => {
    const row = await one<{ relpersistence: string; refs: number }>(sql`
      select c.relpersistence,
             (select count(*)::int from pg_constraint k where k.confrelid = c.oid) as refs
      from pg_class c where c.relname = 'price_locks'`);
    expect(row).toEqual({ relpersistence: 'u', refs: 0 });
  });
});
