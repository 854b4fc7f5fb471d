import { Decimal } from '@vaultline/shared';
import { type Hex, parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import {
  auditClean,
  type Chains,
  chainApp,
  createChainExchange,
  deposit,
  depositsTo,
  exchangeRow,
  GUEST,
  payoutsOf,
  publicView,
  startChains,
  units,
  waitFor,
} from './chain.test-helpers';
import { evmAddressDeriver } from './evm/xpub';

// Against real local nodes (anvil, one per network, mining only when told): guest exchanges pay to
// their own addresses, are seen, count confirmations as blocks are mined, and end in success with a
// payout on chain of exactly the quoted amount to the guest's address.
let chains: Chains;
let t: TestApp;

beforeAll(async () => {
  chains = await startChains({ confirmations: 3 });
  t = await chainApp(chains);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await chains?.stop();
});

const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)']);

describe('a guest exchange on watched networks', () => {
  it('ETH -> BNB: its own address, confirmations counted block by block, paid out exactly once', async () => {
    const e = await createChainExchange(t, 'ETH', 'BNB', '0.05');
    const other = await createChainExchange(t, 'ETH', 'BNB', '0.05');
    // Each exchange has an address of its own, derived from the xpub (watch-only), never reused.
    const derive = evmAddressDeriver(chains.xpub.ETH);
    expect(e.adminWalletAddress).not.toBe(other.adminWalletAddress);
    expect([derive(0), derive(1)]).toContain(e.adminWalletAddress);
    expect(e).toMatchObject({
      status: 3,
      stage: 'awaitingDeposit',
      network: 'ETH',
      requiredConfirmations: 3,
    });
    // No hash to paste on a watched network.
    const confirm = await t.request({
      method: 'POST',
      url: '/api/PublicExchange/confirmTransaction',
      payload: { exchangeId: e.id, transactionHash: `0x${'ab'.repeat(32)}` },
    });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().error.code).toBe('NETWORK_WATCHED');

    const hash = await deposit(chains.eth, e.adminWalletAddress, '0.05');
    const seen = await waitFor(
      async () => {
        const v = await publicView(t, e.id);
        return v.status === 2 && v.depositConfirmations === 1 ? v : undefined;
      },
      20_000,
      'the deposit seen',
    );
    expect(seen).toMatchObject({ stage: 'confirming', transactionHash: hash });
    expect(seen.transactionUrl).toBe(`https://explorer.test/eth/tx/${hash}`);

    await chains.eth.mine(1);
    await waitFor(
      async () => (await publicView(t, e.id)).depositConfirmations === 2,
      20_000,
      '2 confirmations',
    );
    expect((await payoutsOf(t, e.id)).length).toBe(0);
    await chains.eth.mine(1);
    // Final: settled at the quote, the payout signed and broadcast on BSC.
    const sending = await waitFor(
      async () => {
        const v = await publicView(t, e.id);
        return v.stage === 'sending' && v.payoutHash ? v : undefined;
      },
      20_000,
      'the payout signed',
    );
    expect(sending.status).toBe(2);
    await waitFor(
      async () => (await payoutsOf(t, e.id))[0]?.status === 'sent',
      20_000,
      'the payout broadcast',
    );
    // In a block: paid once the payout has the network's confirmations too (a reorganisation
    // before that could still undo it), not before.
    await chains.bsc.mine(1);
    await waitFor(async () => (await payoutsOf(t, e.id))[0]?.status === 'mined', 20_000, 'the payout mined');
    expect((await publicView(t, e.id)).stage).toBe('sending');
    await chains.bsc.mine(2);
    const done = await waitFor(
      async () => {
        const v = await publicView(t, e.id);
        return v.status === 1 ? v : undefined;
      },
      20_000,
      'success',
    );
    expect(done.stage).toBe('done');
    expect(done.payoutHash).toBe(sending.payoutHash);

    const received = await chains.bsc.public.getBalance({ address: GUEST.BNB as Hex });
    expect(received).toBe(units(done.destinationAmount, 18));
    const tx = await chains.bsc.public.getTransaction({ hash: done.payoutHash as Hex });
    expect(tx.to?.toLowerCase()).toBe(GUEST.BNB);
    expect(tx.from.toLowerCase()).toBe(chains.hot.BSC);
    // One transaction from the hot wallet, whatever number of passes ran.
    expect(await chains.bsc.public.getTransactionCount({ address: chains.hot.BSC as Hex })).toBe(1);

    const row = await exchangeRow(t, e.id);
    expect(row.chainResolution).toBe('quote');
    expect(row.amountReceived).toBe('0.05');
    expect(row.journalEntryId).not.toBeNull();
    const [payout] = await payoutsOf(t, e.id);
    expect(payout?.status).toBe('confirmed');
    expect(new Decimal(payout?.networkFee ?? '0').gt(0)).toBe(true);
    expect(await auditClean(t)).toBe(true);
  }, 90_000);

  it('USDT -> ETH: a token transfer is seen from its Transfer log, and ETH is paid out', async () => {
    const e = await createChainExchange(t, 'USDT', 'ETH', '150');
    expect(e.network).toBe('ETH');
    await deposit(chains.eth, e.adminWalletAddress, '150', true);
    await waitFor(async () => (await publicView(t, e.id)).status === 2, 20_000, 'the token deposit seen');
    await chains.eth.mine(2);
    // The payout is on the same chain: once it is sent, three blocks mine and confirm it.
    const sending = await waitFor(
      async () => {
        const v = await publicView(t, e.id);
        return v.payoutHash ? v : undefined;
      },
      20_000,
      'the payout signed',
    );
    await waitFor(
      async () => (await payoutsOf(t, e.id))[0]?.status === 'sent',
      20_000,
      'the payout broadcast',
    );
    await chains.eth.mine(3);
    const done = await waitFor(
      async () => {
        const v = await publicView(t, e.id);
        return v.status === 1 ? v : undefined;
      },
      20_000,
      'success',
    );
    expect(done.payoutHash).toBe(sending.payoutHash);
    expect(await chains.eth.public.getBalance({ address: GUEST.ETH as Hex })).toBe(
      units(done.destinationAmount, 18),
    );
    const held = await chains.eth.public.readContract({
      address: chains.eth.token as Hex,
      abi: erc20,
      functionName: 'balanceOf',
      args: [e.adminWalletAddress as Hex],
    });
    expect(held).toBe(150n * 10n ** 6n);
    const [d] = await depositsTo(t, e.id);
    expect(d).toMatchObject({ status: 'final', amount: '150', eventKey: `${chains.eth.token}:0` });
    expect(await auditClean(t)).toBe(true);
  }, 90_000);
});
