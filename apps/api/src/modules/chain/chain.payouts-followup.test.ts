import { TransactionStatus } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { encodeFunctionData, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainPayouts, journalEntries } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import { makeUser } from '../ledger/ledger.test-helpers';
import {
  auditClean,
  type Chains,
  chainApp,
  createChainExchange,
  deployRefuser,
  deposit,
  exchangeRow,
  payoutsOf,
  startChains,
  units,
  waitFor,
} from './chain.test-helpers';
import { COIN_REFUSER_ABI } from './evm/coin-refuser.artifact';

// Issue 29, point 14: a payout mined again as reverted after a reorganisation is failed (never
// settled); a payout whose nonce an operator's replacement used is recognised as paid when the
// replacement paid it; and Retry first checks the hot wallet's transactions since the payout was
// signed: paid already, or no certain answer, and it is refused with the reason.
let chains: Chains;
let t: TestApp;
let admin: { id: string; token: string };
const CONFIRMATIONS = 3;

beforeAll(async () => {
  chains = await startChains({ confirmations: CONFIRMATIONS });
  t = await chainApp(chains, { AUTO_PAYOUT_MAX_USD: '100000', AUTO_PAYOUT_DAILY_MAX_USD: '1000000' });
  admin = await makeUser(t, { role: 'admin' });
}, 90_000);

afterAll(async () => {
  await t?.close();
  await chains?.stop();
});

const admin$ = (url: string) => t.request({ method: 'POST', url, token: admin.token });
const latest = async (reference: string) => {
  const all = await payoutsOf(t, reference);
  return all.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
};
/** An ETH to BNB exchange paying `to`, its deposit final; returns it once its payout is sent. */
async function sentPayout(to: string, amount = '0.04') {
  const e = await createChainExchange(t, 'ETH', 'BNB', amount, { destinationWalletAddress: to });
  await deposit(chains.eth, e.adminWalletAddress, amount);
  await chains.eth.mine(CONFIRMATIONS);
  const p = await waitFor(
    async () => {
      const x = await latest(e.id);
      return x?.status === 'sent' ? x : undefined;
    },
    20_000,
    'payout sent',
  );
  return { e, p };
}
const bnb = (address: string) => chains.bsc.public.getBalance({ address: address as Hex });
/** The hot wallet, as the operator holds it: signs a transaction of its own (nonce, fees chosen). */
async function operatorSends(o: { nonce: number; to: string; value: bigint; tip?: bigint }) {
  const account = privateKeyToAccount(chains.hotKeys.BSC);
  const raw = await account.signTransaction({
    chainId: chains.bsc.chainId,
    type: 'eip1559',
    nonce: o.nonce,
    to: o.to as Hex,
    value: o.value,
    gas: 21_000n,
    maxFeePerGas: 200_000_000_000n,
    maxPriorityFeePerGas: o.tip ?? 50_000_000_000n,
  });
  return chains.bsc.public.sendRawTransaction({ serializedTransaction: raw });
}
const guestEntries = (id: string) =>
  t.services.db.select().from(journalEntries).where(eq(journalEntries.reference, id));

describe('a payout after a reorganisation', () => {
  it('mined again as reverted: failed and never settled; Retry pays it once', async () => {
    const to = await deployRefuser(chains.bsc, false);
    const { e, p } = await sentPayout(to);
    await chains.bsc.mine(1);
    await waitFor(async () => (await latest(e.id))?.status === 'mined', 20_000, 'mined');
    // The block is replaced by one where the recipient first starts refusing coins, then the same
    // payout is mined again: it reverts there.
    await chains.bsc.test.request({
      method: 'anvil_reorg',
      params: [
        1,
        [
          [
            {
              from: chains.bsc.accounts[0],
              to,
              data: encodeFunctionData({ abi: COIN_REFUSER_ABI, functionName: 'setRefusing', args: [true] }),
            },
            0,
          ],
          [p.rawTx, 0],
        ],
      ],
    } as never);
    const receipt = await chains.bsc.public.getTransactionReceipt({ hash: p.txHash as Hex });
    expect(receipt.status).toBe('reverted');
    await waitFor(async () => (await latest(e.id))?.status === 'failed', 20_000, 'failed after the reorg');
    expect(await latest(e.id)).toMatchObject({ reason: 'reverted', txHash: p.txHash });
    await chains.bsc.mine(CONFIRMATIONS);
    expect(await exchangeRow(t, e.id)).toMatchObject({
      status: TransactionStatus.pending,
      holdReason: 'payoutFailed',
    });
    expect((await guestEntries(e.id)).map((x) => x.kind)).not.toContain('guest_exchange');
    expect(await bnb(to)).toBe(0n);

    // The recipient takes coins again; Retry sends a new transaction, paid once.
    await chains.bsc.mined(
      await chains.bsc.wallet.writeContract({
        account: chains.bsc.accounts[0] as Hex,
        chain: null,
        address: to,
        abi: COIN_REFUSER_ABI,
        functionName: 'setRefusing',
        args: [false],
      }),
    );
    const retried = await admin$(`/api/Admin/chains/payouts/${p.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    await waitFor(async () => (await latest(e.id))?.status === 'sent', 20_000, 'retry sent');
    await chains.bsc.mine(CONFIRMATIONS);
    await waitFor(
      async () => (await exchangeRow(t, e.id)).status === TransactionStatus.success,
      20_000,
      'paid',
    );
    expect(await bnb(to)).toBe(units((await exchangeRow(t, e.id)).destinationAmount, 18));
    expect(await auditClean(t)).toBe(true);
  }, 120_000);
});

describe('a payout whose nonce another transaction of the hot wallet used', () => {
  it('an operator’s speed-up paid it: recorded as paid by the replacement; Retry cannot pay twice', async () => {
    const to = '0x8888888888888888888888888888888888888801';
    const { e, p } = await sentPayout(to);
    const amount = (await chains.bsc.public.getTransaction({ hash: p.txHash as Hex })).value;
    const replacement = await operatorSends({ nonce: p.nonce as number, to, value: amount });
    expect(replacement).not.toBe(p.txHash);
    await chains.bsc.mine(1);
    await waitFor(async () => (await latest(e.id))?.status !== 'sent', 20_000, 'the payout moved on');
    // Whatever the product concluded, an admin's Retry must not pay it a second time.
    await admin$(`/api/Admin/chains/payouts/${p.id}/retry`);
    await waitFor(
      async () => (await payoutsOf(t, e.id)).every((x) => !['queued', 'signed'].includes(x.status)),
      20_000,
      'nothing left to sign',
    );
    await chains.bsc.mine(CONFIRMATIONS);
    await waitFor(
      async () => (await exchangeRow(t, e.id)).status === TransactionStatus.success,
      20_000,
      'settled',
    );
    expect(await bnb(to)).toBe(amount);
    const all = await payoutsOf(t, e.id);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ status: 'confirmed', txHash: replacement });
    expect((await exchangeRow(t, e.id)).payoutHash).toBe(replacement);
    expect(await auditClean(t)).toBe(true);
  }, 120_000);

  it('Retry checks the hot wallet first: a transaction not yet mined, or one that paid it, and it is refused', async () => {
    const to = '0x8888888888888888888888888888888888888802';
    const hot = chains.hot.BSC;
    const { e, p } = await sentPayout(to);
    const amount = (await chains.bsc.public.getTransaction({ hash: p.txHash as Hex })).value;
    // The operator cancels it (nothing to the recipient, same nonce): the payout failed, unpaid.
    await operatorSends({ nonce: p.nonce as number, to: hot, value: 0n });
    await chains.bsc.mine(1);
    await waitFor(async () => (await latest(e.id))?.status === 'failed', 20_000, 'failed');
    expect((await latest(e.id))?.reason).toBe('nonceTaken');

    // A transaction of the hot wallet the product did not send waits in the pool: no certain answer.
    const nonce = await chains.bsc.public.getTransactionCount({ address: hot as Hex });
    const manual = await operatorSends({ nonce, to, value: amount });
    const pending = await admin$(`/api/Admin/chains/payouts/${p.id}/retry`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error.code).toBe('PAYOUT_CHECK_PENDING');
    expect(await payoutsOf(t, e.id)).toHaveLength(1);

    // It is mined: it paid the payout (same recipient, same amount): Retry is refused, and the
    // payout is recorded as paid by it.
    await chains.bsc.mine(1);
    // Even for a payout signed before the block it was signed at was kept: searched for from the
    // chain's first block (the node keeps every state, as an archive node does).
    await t.services.db.update(chainPayouts).set({ signedBlock: null }).where(eq(chainPayouts.id, p.id));
    const paid = await admin$(`/api/Admin/chains/payouts/${p.id}/retry`);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toMatchObject({ code: 'PAYOUT_ALREADY_PAID', params: { txHash: manual } });
    await chains.bsc.mine(CONFIRMATIONS);
    await waitFor(
      async () => (await exchangeRow(t, e.id)).status === TransactionStatus.success,
      20_000,
      'settled by the manual payment',
    );
    expect(await bnb(to)).toBe(amount);
    const all = await payoutsOf(t, e.id);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ status: 'confirmed', txHash: manual });
    expect(await auditClean(t)).toBe(true);
  }, 120_000);

  it('the node cannot answer: Retry is refused with the reason, nothing sent again', async () => {
    const to = '0x8888888888888888888888888888888888888803';
    const { e, p } = await sentPayout(to);
    await operatorSends({ nonce: p.nonce as number, to: chains.hot.BSC, value: 0n });
    await chains.bsc.mine(1);
    await waitFor(async () => (await latest(e.id))?.status === 'failed', 20_000, 'failed');
    // The node goes away (last test of the file: the chain is not needed after it).
    await chains.bsc.stop();
    const res = await admin$(`/api/Admin/chains/payouts/${p.id}/retry`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('PAYOUT_CHECK_UNAVAILABLE');
    expect(res.json().error.params.detail).toBeTruthy();
    expect(await payoutsOf(t, e.id)).toHaveLength(1);
    for (const action of ['cancel', 'redirect'])
      expect((await admin$(`/api/Admin/chains/payouts/${p.id}/${action}`)).json().error.code).toBe(
        'PAYOUT_CHECK_UNAVAILABLE',
      );
    expect((await latest(e.id))?.status).toBe('failed');
  }, 120_000);
});
