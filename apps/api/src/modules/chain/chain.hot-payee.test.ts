import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestExchanges, withdrawals } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { TestApp } from '../../test/test-app';
import { assetId, fund, makeUser } from '../ledger/ledger.test-helpers';
import { requestWithdrawalDirect } from '../withdrawals/withdrawals.test-helpers';
import {
  type Chains,
  chainApp,
  createChainExchange,
  deposit,
  GUEST,
  onlyPayout,
  startChains,
  waitFor,
} from './chain.test-helpers';

// A payout to the hot wallet itself would book the coins as gone while the chain keeps them: refused
// where it is asked for (a guest exchange, a partner's, a withdrawal, an admin's redirect), and, should
// the hot key change after it was asked for, never signed.
let chains: Chains;
let t: TestApp;
let admin: { id: string; token: string };

beforeAll(async () => {
  chains = await startChains({ confirmations: 1 });
  t = await chainApp(chains, { AUTO_PAYOUT_MAX_USD: '100000', AUTO_PAYOUT_DAILY_MAX_USD: '1000000' });
  admin = await makeUser(t, { role: 'admin' });
}, 90_000);

afterAll(async () => {
  await t?.close();
  await chains?.stop();
});

const exchangeCount = async () =>
  Number(
    (
      (await t.services.db.execute(sql`select count(*)::int as n from guest_exchanges`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]?.n,
  );
const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => 'no error',
    (err: unknown) => (err instanceof AppError ? `${err.status} ${err.code}` : String(err)),
  );

describe('payouts to our own hot wallet', () => {
  it('a guest exchange paying out or refunding to the hot wallet is refused, nothing created', async () => {
    const before = await exchangeCount();
    const create = async (over: Record<string, string>) =>
      t.request({
        method: 'POST',
        url: '/api/PublicExchange/createExchange',
        payload: {
          sourceWalletId: await assetId(t, 'ETH'),
          destinationWalletId: await assetId(t, 'BNB'),
          amount: '0.05',
          userEmail: 'hot.payee@example.com',
          destinationWalletAddress: GUEST.BNB,
          ...over,
        },
      });
    for (const over of <Record<string, string>[]>[
      { destinationWalletAddress: chains.hot.BSC },
      { destinationWalletAddress: chains.hot.BSC.toLowerCase() },
      { refundWalletAddress: chains.hot.ETH },
    ]) {
      const res = await create(over);
      expect([res.statusCode, res.json().error?.code]).toEqual([400, 'PAYOUT_TO_HOT_WALLET']);
    }
    expect(await exchangeCount()).toBe(before);
  });

  it("a withdrawal to the hot wallet: refused in the user's address book and when it is sent", async () => {
    const u = await makeUser(t);
    await fund(t, u.id, 'ETH', '1');
    const add = t.services.withdrawals.addresses.add(u.id, {
      assetId: await assetId(t, 'ETH'),
      address: chains.hot.ETH,
      label: 'the house',
    });
    expect(await codeOf(add)).toBe('400 PAYOUT_TO_HOT_WALLET');
    // An address saved before the hot key changed: its withdrawal is refused, nothing written.
    const send = requestWithdrawalDirect(t, {
      userId: u.id,
      ticker: 'ETH',
      amount: '0.1',
      to: chains.hot.ETH,
    });
    expect(await codeOf(send)).toBe('400 PAYOUT_TO_HOT_WALLET');
    expect(await t.services.db.select().from(withdrawals).where(eq(withdrawals.userId, u.id))).toEqual([]);
  });

  it('a payout found to pay the hot wallet at signing is blocked, never signed; redirecting to it is refused', async () => {
    const e = await createChainExchange(t, 'ETH', 'BNB', '0.05', { refundWalletAddress: GUEST.ETH });
    // The hot key changed after it was asked for: the address it pays is the hot wallet's now.
    await t.services.db
      .update(guestExchanges)
      .set({ destinationAddress: chains.hot.BSC })
      .where(eq(guestExchanges.id, e.id));
    await deposit(chains.eth, e.adminWalletAddress, '0.05');
    await waitFor(
      async () => (await onlyPayout(t, e.id).catch(() => undefined))?.status === 'blocked',
      20_000,
      'blocked',
    );
    const p = await onlyPayout(t, e.id);
    expect(p).toMatchObject({ reason: 'hotWallet', txHash: null, nonce: null });
    expect(p.lastError).toMatch(/hot wallet/);

    await t.services.db
      .update(guestExchanges)
      .set({ refundAddress: chains.hot.ETH })
      .where(eq(guestExchanges.id, e.id));
    const res = await t.request({
      method: 'POST',
      url: `/api/Admin/chains/payouts/${p.id}/redirect`,
      token: admin.token,
    });
    expect([res.statusCode, res.json().error?.code]).toEqual([400, 'PAYOUT_TO_HOT_WALLET']);
    expect(await onlyPayout(t, e.id)).toMatchObject({ id: p.id, status: 'blocked', reason: 'hotWallet' });
  });
});
