import { Decimal } from '@vaultline/shared';
import { and, eq } from 'drizzle-orm';
import { erc20Abi, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, postings } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import {
  auditClean,
  type Chains,
  chainApp,
  deployRefuser,
  onlyPayout,
  startChains,
  units,
  waitFor,
} from '../chain/chain.test-helpers';
import { fund, makeUser } from '../ledger/ledger.test-helpers';
import { createWithdrawalPayouts } from './withdrawal-payouts';
import {
  eventRecorder,
  ledgerBalance,
  requestWithdrawalDirect,
  withdrawalRow,
} from './withdrawals.test-helpers';

// Issue 31, point 5: a crypto withdrawal on a watched network is paid by the payout engine (purpose
// 'withdrawal'): the outside address gets exactly the amount, the wallet gave amount + fee, the
// network fee is booked as chain_fee, and the withdrawal follows its payout to completed; a payout
// that fails on chain, or that an admin cancels, ends it failed with its money back, never retried.
let chains: Chains;
let t: TestApp;
let admin: { id: string; token: string };
const events = eventRecorder();

beforeAll(async () => {
  chains = await startChains({ confirmations: 2 });
  t = await chainApp(chains, {
    AUTO_PAYOUT_MAX_USD: '100000',
    AUTO_PAYOUT_DAILY_MAX_USD: '1000000',
    LOG_LEVEL: 'warn',
  });
  // The same owner the app registers, told to this recorder instead of the withdrawals module.
  const { db, ledger, chain } = t.services;
  chain.register({
    payouts: { withdrawal: createWithdrawalPayouts({ db, ledger, chain, events, log: t.app.log }) },
  });
  admin = await makeUser(t, { role: 'admin' });
}, 90_000);

afterAll(async () => {
  await t?.close();
  await chains?.stop();
});

const admin$ = (url: string) => t.request({ method: 'POST', url, token: admin.token });
const tokenBalance = (address: string) =>
  chains.eth.public.readContract({
    address: chains.eth.token as Hex,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address as Hex],
  });
const statusOf = async (id: string) => (await withdrawalRow(t, id)).status;
const seen = (id: string) => events.seen.filter((w) => w.id === id);

/** The network fee the payout's chain_fee entry booked (ETH). */
async function chainFee(payoutId: string): Promise<Decimal> {
  const rows = await t.services.db
    .select({ amount: postings.amount })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(and(eq(journalEntries.kind, 'chain_fee'), eq(journalEntries.reference, payoutId)));
  return rows.map((r) => new Decimal(r.amount)).find((a) => a.gt(0)) ?? new Decimal(0);
}

/** Mines one block at a time until the withdrawal is completed, checking it is never early. */
async function mineToCompleted(id: string) {
  await waitFor(async () => (await statusOf(id)) === 'sent', 20_000, 'sent');
  const sent = await withdrawalRow(t, id);
  expect(sent).toMatchObject({ confirmations: 0, requiredConfirmations: 2 });
  expect(sent.txHash).toMatch(/^0x[0-9a-f]{64}$/);
  await chains.eth.mine(1);
  // In a block, one confirmation of two: shown live, not completed yet.
  await waitFor(async () => (await withdrawalRow(t, id)).confirmations === 1, 20_000, 'one confirmation');
  expect(await statusOf(id)).toBe('sent');
  await chains.eth.mine(1);
  await waitFor(async () => (await statusOf(id)) === 'completed', 20_000, 'completed');
  return withdrawalRow(t, id);
}

describe('a withdrawal paid on chain', () => {
  it('ETH to an outside address: exactly the amount arrives, the wallet gave amount + fee, the fee is booked', async () => {
    const user = await makeUser(t);
    await fund(t, user.id, 'ETH', '1');
    const to = '0x8888888888888888888888888888888888888801';
    const w = await requestWithdrawalDirect(t, {
      userId: user.id,
      ticker: 'ETH',
      amount: '0.1',
      fee: '0.002',
      to,
    });
    expect(w.status).toBe('queued');
    expect(w.payoutId).not.toBeNull();
    expect(await ledgerBalance(t, user.id, 'ETH', 'user')).toEqual(new Decimal('0.898'));
    expect(await ledgerBalance(t, user.id, 'ETH', 'held')).toEqual(new Decimal('0.102'));

    const done = await mineToCompleted(w.id);
    const payout = await onlyPayout(t, w.id);
    expect(payout).toMatchObject({ purpose: 'withdrawal', status: 'confirmed', id: w.payoutId });
    expect(done).toMatchObject({ txHash: payout.txHash, confirmations: 2 });
    expect(done.completedAt).not.toBeNull();
    expect(await chains.eth.public.getBalance({ address: to })).toBe(units('0.1', 18));
    expect(await ledgerBalance(t, user.id, 'ETH', 'user')).toEqual(new Decimal('0.898'));
    expect(await ledgerBalance(t, user.id, 'ETH', 'held')).toEqual(new Decimal(0));
    const fee = await chainFee(payout.id);
    expect(fee.gt(0)).toBe(true);
    expect(fee).toEqual(new Decimal(payout.networkFee ?? '0'));
    expect(await auditClean(t)).toBe(true);
    // Its owner was told at each step, in order.
    const steps = seen(w.id).map((x) => x.status);
    expect(steps[0]).toBe('sending');
    expect(steps.at(-1)).toBe('completed');
    expect(steps).toContain('sent');
    expect(seen(w.id).some((x) => x.status === 'sent' && x.confirmations === 1)).toBe(true);
  }, 90_000);

  it('USDT (the test token) to an outside address: the token balance rises by exactly the amount', async () => {
    const user = await makeUser(t);
    await fund(t, user.id, 'USDT', '100');
    const to = '0x8888888888888888888888888888888888888802';
    const w = await requestWithdrawalDirect(t, {
      userId: user.id,
      ticker: 'USDT',
      amount: '25.5',
      fee: '1.25',
      to,
    });
    expect(await ledgerBalance(t, user.id, 'USDT', 'user')).toEqual(new Decimal('73.25'));
    const done = await mineToCompleted(w.id);
    expect(await tokenBalance(to)).toBe(units('25.5', 6));
    expect(await ledgerBalance(t, user.id, 'USDT', 'user')).toEqual(new Decimal('73.25'));
    expect(await ledgerBalance(t, user.id, 'USDT', 'held')).toEqual(new Decimal(0));
    const payout = await onlyPayout(t, w.id);
    expect(done.txHash).toBe(payout.txHash);
    // The gas is paid in ETH by the house, booked as chain_fee.
    expect((await chainFee(payout.id)).gt(0)).toBe(true);
    expect(await auditClean(t)).toBe(true);
  }, 90_000);
});

describe('a withdrawal whose payout does not pay', () => {
  it('fails on chain (reverted): failed, the money back in the wallet; Retry is refused', async () => {
    const user = await makeUser(t);
    await fund(t, user.id, 'ETH', '1');
    const to = '0x8888888888888888888888888888888888888803';
    const w = await requestWithdrawalDirect(t, {
      userId: user.id,
      ticker: 'ETH',
      amount: '0.2',
      fee: '0.001',
      to,
    });
    await waitFor(async () => (await statusOf(w.id)) === 'sent', 20_000, 'sent');
    // The destination becomes a contract that refuses coins before the block is mined.
    await chains.eth.test.setCode({ address: to, bytecode: '0xfe' });
    await chains.eth.mine(1);
    await waitFor(async () => (await statusOf(w.id)) === 'failed', 20_000, 'failed');
    const payout = await onlyPayout(t, w.id);
    expect(payout).toMatchObject({ status: 'failed', reason: 'reverted' });
    expect(await chains.eth.public.getBalance({ address: to })).toBe(0n);
    expect(await ledgerBalance(t, user.id, 'ETH', 'user')).toEqual(new Decimal('1'));
    expect(await ledgerBalance(t, user.id, 'ETH', 'held')).toEqual(new Decimal(0));
    expect((await chainFee(payout.id)).gt(0)).toBe(true);
    expect(seen(w.id).at(-1)?.status).toBe('failed');
    // The withdrawal has ended with its money back: its payout is not sent again.
    await chains.eth.test.setCode({ address: to, bytecode: '0x' });
    const retry = await admin$(`/api/Admin/chains/payouts/${payout.id}/retry`);
    expect(retry.statusCode, retry.body).toBe(409);
    expect(retry.json().error.code).toBe('PAYOUT_NOT_RETRYABLE');
    expect(await onlyPayout(t, w.id)).toMatchObject({ status: 'failed' });
    expect(await statusOf(w.id)).toBe('failed');
    expect(await auditClean(t)).toBe(true);
  }, 90_000);

  it('refused by the network (a contract that refuses coins): an admin cancels it, failed with the money back', async () => {
    const refuser = await deployRefuser(chains.eth);
    const user = await makeUser(t);
    await fund(t, user.id, 'ETH', '0.5');
    const w = await requestWithdrawalDirect(t, {
      userId: user.id,
      ticker: 'ETH',
      amount: '0.05',
      fee: '0.001',
      to: refuser,
    });
    await waitFor(async () => (await onlyPayout(t, w.id)).status === 'blocked', 20_000, 'blocked');
    expect(await statusOf(w.id)).toBe('queued');
    // Paid by the hot wallet: no hash to record by hand.
    const byHand = await t.request({
      method: 'POST',
      url: `/api/Admin/withdrawals/${w.id}/sent`,
      token: admin.token,
      payload: { txHash: `0x${'cd'.repeat(32)}` },
    });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().error.code).toBe('WITHDRAWAL_CHAIN_MANAGED');
    const payout = await onlyPayout(t, w.id);
    // No refund address to redirect a withdrawal to.
    const redirect = await admin$(`/api/Admin/chains/payouts/${payout.id}/redirect`);
    expect(redirect.json().error.code).toBe('PAYOUT_NOT_REDIRECTABLE');
    expect(await statusOf(w.id)).toBe('queued');
    const cancel = await admin$(`/api/Admin/chains/payouts/${payout.id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await statusOf(w.id)).toBe('failed');
    expect(await ledgerBalance(t, user.id, 'ETH', 'user')).toEqual(new Decimal('0.5'));
    expect(await ledgerBalance(t, user.id, 'ETH', 'held')).toEqual(new Decimal(0));
    expect(await chains.eth.public.getBalance({ address: refuser })).toBe(0n);
    expect(await auditClean(t)).toBe(true);
  }, 90_000);
});
