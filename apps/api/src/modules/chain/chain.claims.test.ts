import { randomBytes } from 'node:crypto';
import { TransactionStatus } from '@vaultline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ADDR, type Assets, createOk, prepareAssets, validCreate } from '../exchange/exchange.test-helpers';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';

// Networks that are not watched keep the manual flow, with one rule added (DECISIONS §10): a
// transaction hash can be claimed by one exchange or deposit only, per network, by the database.
// Tried as a new user would: before, two exchanges both accepted one hash and both went to pending.
let t: TestApp;
let a: Assets;

beforeAll(async () => {
  t = await createTestApp();
  a = await prepareAssets(t);
});
afterAll(() => t.close());

const confirm = (exchangeId: string, transactionHash: string) =>
  t.request({
    method: 'POST',
    url: '/api/PublicExchange/confirmTransaction',
    payload: { exchangeId, transactionHash },
  });
const notify = (token: string, assetId: string, transactionHash: string) =>
  t.request({
    method: 'POST',
    url: '/api/Payment/crypto/notify',
    token,
    payload: { assetId, amount: '0.5', transactionHash },
  });
const hex = () => randomBytes(32).toString('hex');

describe('one hash, one claim per network', () => {
  it('refuses a second exchange claiming the same deposit, and leaves it awaiting', async () => {
    const hash = hex();
    const first = await createOk(t, validCreate(a));
    const second = await createOk(t, validCreate(a));
    expect((await confirm(first, hash)).statusCode).toBe(200);
    const again = await confirm(second, hash.toUpperCase());
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'HASH_CLAIMED',
      error: 'This transaction hash has already been used for another exchange or deposit.',
    });
    const view = (await t.request({ method: 'GET', url: `/api/PublicExchange/exchange/${second}` })).json()
      .content;
    expect(view).toMatchObject({ status: TransactionStatus.awaitingVerification, transactionHash: null });
  });

  it('refuses a user deposit claiming an exchange hash, and an exchange claiming a deposit hash', async () => {
    const u = await makeUser(t);
    const hash = hex();
    const exchange = await createOk(t, validCreate(a));
    expect((await confirm(exchange, hash)).statusCode).toBe(200);
    expect((await notify(u.token, a.btc, hash)).json().error.code).toBe('HASH_CLAIMED');
    const other = hex();
    expect((await notify(u.token, a.btc, other)).statusCode).toBe(200);
    const later = await createOk(t, validCreate(a));
    expect((await confirm(later, other)).json().error.code).toBe('HASH_CLAIMED');
    // Only the first deposit is recorded.
    const mine = (await t.request({ method: 'GET', url: '/api/Payment/deposits', token: u.token })).json()
      .content;
    expect(mine).toHaveLength(1);
  });

  it('claims per network: ETH and USDT share one (a token transfer is an Ethereum transaction), BTC and LTC do not', async () => {
    const u = await makeUser(t);
    const usdt = await assetId(t, 'USDT');
    await t.services.db.execute(
      // Deposit addresses for the manual flow on USDT and LTC.
      (await import('drizzle-orm'))
        .sql`update assets set admin_wallet_address = 'HOUSE-DEPOSIT-ADDRESS-0002' where ticker in ('USDT', 'LTC')`,
    );
    t.services.wallets.catalog.invalidate();
    const evm = `0x${hex()}`;
    const eth = await createOk(
      t,
      validCreate(a, {
        sourceWalletId: a.eth,
        destinationWalletId: a.btc,
        amount: '0.1',
        destinationWalletAddress: ADDR.BTC,
      }),
    );
    expect((await confirm(eth, evm)).statusCode).toBe(200);
    expect((await notify(u.token, usdt, evm)).json().error.code).toBe('HASH_CLAIMED');
    const btcHash = hex();
    expect((await notify(u.token, a.btc, btcHash)).statusCode).toBe(200);
    expect((await notify(u.token, a.ltc, btcHash)).statusCode).toBe(200);
  });

  it('holds under concurrency: of ten exchanges confirming one hash at once, one wins', async () => {
    const hash = hex();
    const ids = await Promise.all(Array.from({ length: 10 }, () => createOk(t, validCreate(a))));
    const results = await Promise.all(ids.map((id) => confirm(id, hash)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(
      results.filter((r) => r.statusCode === 409).every((r) => r.json().error.code === 'HASH_CLAIMED'),
    ).toBe(true);
  });
});
