import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TransactionStatus } from '@vaultline/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client';
import { deposits, txClaims } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  ADDR,
  type Assets,
  createOk,
  prepareAssets,
  rowOf,
  validCreate,
} from '../exchange/exchange.test-helpers';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import { canonicalHash } from './tx-hash';

// One transaction, one claim (issue 29, point 6; decision 0040): a hash is checked for its network
// on every path that records one (guest, user, admin) and stored in its one form, so `0x<h>`, `<h>`
// and `0X<H>` can never be claimed as three transactions. Before, a BTC deposit notified with `<h>`
// and another with `0x<h>` were both accepted.
let t: TestApp;
let a: Assets;

beforeAll(async () => {
  t = await createTestApp();
  a = await prepareAssets(t);
  await t.services.db.execute(
    sql`update assets set admin_wallet_address = 'HOUSE-DEPOSIT-ADDRESS-0002' where ticker in ('USDT', 'LTC', 'TON')`,
  );
  t.services.wallets.catalog.invalidate();
});
afterAll(() => t.close());

const hex = () => randomBytes(32).toString('hex');
const notify = (token: string, assetId: string, transactionHash: string) =>
  t.request({
    method: 'POST',
    url: '/api/Payment/crypto/notify',
    token,
    payload: { assetId, amount: '0.5', transactionHash },
  });
const confirm = (exchangeId: string, transactionHash: string) =>
  t.request({
    method: 'POST',
    url: '/api/PublicExchange/confirmTransaction',
    payload: { exchangeId, transactionHash },
  });
const myDeposits = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/Payment/deposits', token })).json().content as {
    transactionHash: string;
  }[];

describe('a transaction hash, checked for its network and stored in one form', () => {
  it("a user's BTC deposit: <h> is claimed, 0x<h> is not a BTC hash, <H> is the same claim", async () => {
    const u = await makeUser(t);
    const h = hex();
    expect((await notify(u.token, a.btc, h.toUpperCase())).statusCode).toBe(200);
    expect((await myDeposits(u.token)).map((d) => d.transactionHash)).toEqual([h]);
    for (const bad of [`0x${h}`, h.slice(2), `${h}zz`, 'not-a-hash-at-all']) {
      const res = await notify(u.token, a.btc, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'INVALID_HASH',
        error: 'This is not a valid BTC transaction hash.',
        params: { ticker: 'BTC' },
      });
    }
    const again = await notify(u.token, a.btc, ` ${h} `);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'HASH_CLAIMED',
      error: 'This transaction hash has already been used for another exchange or deposit.',
    });
    expect(await myDeposits(u.token)).toHaveLength(1);
  });

  it('an Ethereum hash: 0x<H> is stored as 0x<h>, 0X<h> is the same claim, a bare <h> is refused', async () => {
    const u = await makeUser(t);
    const h = hex();
    const e = await createOk(
      t,
      validCreate(a, {
        sourceWalletId: a.eth,
        destinationWalletId: a.btc,
        amount: '0.1',
        destinationWalletAddress: ADDR.BTC,
      }),
    );
    const ok = await confirm(e, `0x${h.toUpperCase()}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().content.transactionHash).toBe(`0x${h}`);
    expect((await rowOf(t, e))?.transactionHash).toBe(`0x${h}`);
    const usdt = await assetId(t, 'USDT');
    // A USDT transfer is an Ethereum transaction: the same claim, however it is spelt.
    expect((await notify(u.token, usdt, `0X${h}`)).json().error.code).toBe('HASH_CLAIMED');
    expect((await notify(u.token, a.eth, h)).json().error).toMatchObject({
      code: 'INVALID_HASH',
      params: { ticker: 'ETH' },
    });
    expect(await myDeposits(u.token)).toEqual([]);
  });

  it("an admin's payout hash is checked for the destination network and stored in its form", async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const id = await createOk(t, validCreate(a));
    expect((await confirm(id, hex())).statusCode).toBe(200);
    const update = (payoutHash: string) =>
      t.request({
        method: 'POST',
        url: `/api/Admin/anonymousExchanges/update?exchangeId=${id}&status=1&payoutHash=${payoutHash}`,
        token: admin.token,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify('Paid out'),
      });
    const bad = await update(hex());
    expect(bad.json().error).toMatchObject({ code: 'INVALID_HASH', params: { ticker: 'ETH' } });
    const h = hex();
    const res = await update(`0X${h.toUpperCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowOf(t, id))?.payoutHash).toBe(`0x${h}`);
  });

  it('TON takes its hex and base64 forms of one hash as one transaction', async () => {
    const u = await makeUser(t);
    const bytes = randomBytes(32);
    const ton = await assetId(t, 'TON');
    expect((await notify(u.token, ton, bytes.toString('base64'))).statusCode).toBe(200);
    expect((await myDeposits(u.token))[0]?.transactionHash).toBe(bytes.toString('hex'));
    expect((await notify(u.token, ton, bytes.toString('hex'))).json().error.code).toBe('HASH_CLAIMED');
    expect((await notify(u.token, ton, bytes.toString('base64url'))).json().error.code).toBe('HASH_CLAIMED');
  });

  it('the database keeps the same form (tx_hash_canonical) and refuses a claim in another', async () => {
    const h = hex();
    const b = randomBytes(32);
    const cases: [string, string][] = [
      ['ETH', `0x${h}`],
      ['USDT', `0X${h.toUpperCase()}`],
      ['BNB', `0x${h.toUpperCase()}`],
      ['BTC', h.toUpperCase()],
      ['LTC', h],
      ['USDT-TRC20', h.toUpperCase()],
      ['XRP', h],
      ['ATOM', h.toUpperCase()],
      ['TON', b.toString('base64')],
      ['TON', b.toString('base64url')],
      ['TON', h.toUpperCase()],
      ['ZEC', h],
      ['ADA', h],
    ];
    for (const [ticker, typed] of cases) {
      const mine = canonicalHash(ticker, typed);
      const res = (await t.services.db.execute(
        sql`select tx_hash_canonical(tx_claim_network(${ticker}), ${typed}) as h`,
      )) as unknown as { rows: { h: string }[] };
      expect(res.rows[0]?.h, `${ticker} ${typed}`).toBe(mine);
    }
    const u = await makeUser(t);
    const [d] = await t.services.db
      .insert(deposits)
      .values({ userId: u.id, assetId: a.btc, method: 'crypto', amount: '1', status: 3 })
      .returning();
    await expect(
      t.services.db.insert(txClaims).values({ network: 'BTC', txHash: h.toUpperCase(), depositId: d?.id }),
    ).rejects.toThrow();
    await expect(
      t.services.db.insert(txClaims).values({ network: 'BTC', txHash: `0x${h}`, depositId: d?.id }),
    ).rejects.toThrow();
  });
});

describe('migration 0034: hashes stored before, in other forms', () => {
  it('puts each in its form; of two claims of one transaction the oldest keeps it, a later undecided one is refused', async () => {
    const db = t.services.db;
    const [u, v] = [await makeUser(t), await makeUser(t)];
    // As the rows stood before the check: the same BTC transaction claimed as <h> and 0x<h>.
    await db.execute(sql`alter table tx_claims drop constraint tx_claims_hash_canonical`);
    const h = hex();
    expect((await notify(u.token, a.btc, h)).statusCode).toBe(200);
    expect((await notify(v.token, a.btc, hex())).statusCode).toBe(200);
    const [first] = await db.select().from(deposits).where(eq(deposits.userId, u.id));
    const [second] = await db.select().from(deposits).where(eq(deposits.userId, v.id));
    if (!first || !second) throw new Error('no deposits');
    await db.execute(sql`update tx_claims set tx_hash = ${h.toUpperCase()} where deposit_id = ${first.id}`);
    await db.execute(
      sql`update tx_claims set tx_hash = ${`0x${h}`}, created_at = now() + interval '1 minute' where deposit_id = ${second.id}`,
    );
    await db.execute(sql`update deposits set transaction_hash = ${`0x${h}`} where id = ${second.id}`);
    // An Ethereum deposit of an exchange typed 0X<H>, and a later exchange waiting for an admin with <h>.
    const g = hex();
    const ethSwap = { sourceWalletId: a.eth, destinationWalletId: a.btc, amount: '0.1' };
    const over = { ...ethSwap, destinationWalletAddress: ADDR.BTC };
    const [e1, e2] = [await createOk(t, validCreate(a, over)), await createOk(t, validCreate(a, over))];
    expect((await confirm(e1, `0x${g}`)).statusCode).toBe(200);
    expect((await confirm(e2, `0x${hex()}`)).statusCode).toBe(200);
    await db.execute(sql`update tx_claims set tx_hash = ${`0X${g.toUpperCase()}`} where exchange_id = ${e1}`);
    await db.execute(
      sql`update guest_exchanges set transaction_hash = ${`0X${g.toUpperCase()}`} where id = ${e1}`,
    );
    await db.execute(
      sql`update tx_claims set tx_hash = ${g}, created_at = now() + interval '1 minute' where exchange_id = ${e2}`,
    );
    await db.execute(sql`update guest_exchanges set transaction_hash = ${g} where id = ${e2}`);

    // The migration as it is shipped, run again over these rows.
    const file = readFileSync(path.join(migrationsFolder, '0034_tx_hash_canonical.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    const claims = await db
      .select()
      .from(txClaims)
      .where(sql`${txClaims.txHash} in (${h}, ${`0x${g}`})`);
    expect(claims.map((c) => [c.network, c.txHash, c.depositId ?? c.exchangeId]).sort()).toEqual(
      [
        ['BTC', h, first.id],
        ['ETH', `0x${g}`, e1],
      ].sort(),
    );
    const [d1] = await db.select().from(deposits).where(eq(deposits.id, first.id));
    const [d2] = await db.select().from(deposits).where(eq(deposits.id, second.id));
    expect(d1).toMatchObject({ status: TransactionStatus.awaitingVerification, transactionHash: h });
    expect(d2).toMatchObject({
      status: TransactionStatus.failed,
      transactionHash: h,
      adminNotes: 'This transaction hash has already been used for another exchange or deposit.',
    });
    expect(await rowOf(t, e1)).toMatchObject({
      status: TransactionStatus.pending,
      transactionHash: `0x${g}`,
    });
    expect(await rowOf(t, e2)).toMatchObject({
      status: TransactionStatus.awaitingVerification,
      transactionHash: null,
      adminNotes: 'This transaction hash has already been used for another exchange or deposit.',
    });
    // The check is back: no other form can be claimed.
    await expect(
      db.insert(txClaims).values({ network: 'BTC', txHash: `0x${hex()}`, depositId: first.id }),
    ).rejects.toThrow();
  });
});
