import { TransactionStatus } from '@vaultline/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainDeposits, deposits, journalEntries } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import {
  askPayout,
  auditClean,
  type Chains,
  chainApp,
  createChainExchange,
  deposit,
  depositsTo,
  exchangeRow,
  GUEST,
  onlyPayout,
  payoutsOf,
  startChains,
  waitFor,
} from './chain.test-helpers';

// The house never pays gas for dust (issue 29, point 11): a transfer below its asset's dust threshold
// (ETH_DUST, default 0.005 ETH) is recorded and held, never credited, refunded or paid out by
// itself; and a refund worth less than its network fee is never sent.
let chains: Chains;
let t: TestApp;
let admin: { id: string; token: string };

beforeAll(async () => {
  chains = await startChains({ confirmations: 2 });
  t = await chainApp(chains, { ETH_USDT_DUST: '2' });
  admin = await makeUser(t, { role: 'admin' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await chains?.stop();
});

const chainCredits = (ids: string[]) =>
  t.services.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.kind, 'chain_deposit'), inArray(journalEntries.reference, ids)));

describe('dust', () => {
  it('to an exchange’s address (the gas an operator sends to sweep a token): held, the exchange waits, nothing refunded', async () => {
    const e = await createChainExchange(t, 'ETH', 'BNB', '0.05', { refundAddress: GUEST.REFUND });
    const to = e.adminWalletAddress as string;
    await deposit(chains.eth, to, '0.001');
    // A token transfer below its threshold (2 USDT here) too.
    await deposit(chains.eth, to, '1.5', true);
    await chains.eth.mine(3);
    const rows = await waitFor(
      async () => {
        const r = await depositsTo(t, e.id);
        return r.length === 2 && r.every((d) => d.status === 'final') ? r : undefined;
      },
      20_000,
      'both final',
    );
    for (const d of rows) expect(d.holdReason).toBe('dust');
    await new Promise((r) => setTimeout(r, 300));
    expect((await exchangeRow(t, e.id)).status).toBe(TransactionStatus.awaitingVerification);
    expect(await chainCredits(rows.map((d) => d.id))).toEqual([]);
    for (const d of rows) expect(await payoutsOf(t, d.id)).toEqual([]);
    expect(await payoutsOf(t, e.id)).toEqual([]);
    // An admin cannot refund it either: it stays at the address for the operator's sweep.
    const refund = await t.request({
      method: 'POST',
      url: `/api/Admin/chains/deposits/${rows[0]?.id}/refund`,
      token: admin.token,
      payload: { address: GUEST.REFUND },
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().error.code).toBe('DEPOSIT_NOT_HELD');
    expect(await auditClean(t)).toBe(true);
  }, 60_000);

  it('to a user’s address: recorded, never credited nor shown as a deposit', async () => {
    const u = await makeUser(t);
    const res = await t.request({
      method: 'GET',
      url: `/api/Payment/crypto/address?assetId=${await assetId(t, 'ETH')}`,
      token: u.token,
    });
    const to = res.json().content.address as string;
    const hash = await deposit(chains.eth, to, '0.002');
    await chains.eth.mine(3);
    const row = await waitFor(
      async () => {
        const [r] = await t.services.db
          .select()
          .from(chainDeposits)
          .where(eq(chainDeposits.txHash, hash.toLowerCase()));
        return r?.status === 'final' ? r : undefined;
      },
      20_000,
      'final',
    );
    expect(row.holdReason).toBe('dust');
    expect(await chainCredits([row.id])).toEqual([]);
    expect(await t.services.db.select().from(deposits).where(eq(deposits.userId, u.id))).toEqual([]);
  }, 60_000);
});

describe('a refund worth less than its network fee', () => {
  it('is blocked with its reason, never signed; one worth more goes', async () => {
    const eth = chains.eth;
    const nonce = await eth.public.getTransactionCount({ address: chains.hot.ETH as Hex });
    // 0.00001 ETH against 21,000 gas at a few gwei; 0.01 USDT against the same fee in ETH.
    const tiny = await askPayout(t, { ticker: 'ETH', to: GUEST.REFUND, amount: '0.00001' });
    const tinyToken = await askPayout(t, { ticker: 'USDT', to: GUEST.REFUND, amount: '0.01' });
    for (const ref of [tiny, tinyToken])
      await waitFor(async () => (await onlyPayout(t, ref)).status === 'blocked', 20_000, 'blocked');
    for (const ref of [tiny, tinyToken])
      expect(await onlyPayout(t, ref)).toMatchObject({ status: 'blocked', reason: 'belowFee', txHash: null });
    const fine = await askPayout(t, { ticker: 'ETH', to: GUEST.REFUND, amount: '0.01' });
    await waitFor(async () => (await onlyPayout(t, fine)).status === 'sent', 20_000, 'sent');
    expect(
      await eth.public.getTransactionCount({ address: chains.hot.ETH as Hex, blockTag: 'pending' }),
    ).toBe(nonce + 1);
  }, 60_000);
});
