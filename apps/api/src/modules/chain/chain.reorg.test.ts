import { TransactionStatus } from '@vaultline/shared';
import { and, eq } from 'drizzle-orm';
import { type Hex, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import {
  auditClean,
  type Chains,
  chainApp,
  createChainExchange,
  depositsTo,
  exchangeRow,
  GUEST,
  payoutsOf,
  publicView,
  startChains,
  units,
  waitFor,
} from './chain.test-helpers';
import { randomHotWallet } from './evm/dev-chain';

// A deposit mined and then reorganised away before its confirmations is never credited; the same
// transaction mined again in another block is credited once (decision 0026).
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

describe('a reorganisation', () => {
  it('drops a deposit whose block left the chain, and credits it once when it is mined again', async () => {
    const e = await createChainExchange(t, 'ETH', 'BNB', '0.05');
    const eth = chains.eth;
    // The guest's wallet signs the deposit itself, so the very same bytes can be sent again.
    const guest = randomHotWallet();
    await eth.test.setBalance({ address: guest.address as Hex, value: parseEther('1') });
    const account = privateKeyToAccount(guest.key);
    const raw = await account.signTransaction({
      chainId: eth.chainId,
      type: 'eip1559',
      nonce: 0,
      to: e.adminWalletAddress as Hex,
      value: units('0.05', 18),
      gas: 21_000n,
      maxFeePerGas: 50_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    });

    const fork = await eth.test.snapshot();
    const hash = await eth.public.sendRawTransaction({ serializedTransaction: raw });
    await eth.mine(1);
    const block1 = (await eth.public.getTransactionReceipt({ hash })).blockHash;
    await waitFor(async () => (await publicView(t, e.id)).depositConfirmations === 1, 20_000, 'seen');
    await eth.mine(1);
    await waitFor(
      async () => (await publicView(t, e.id)).depositConfirmations === 2,
      20_000,
      '2 confirmations',
    );

    // The chain is reorganised: the two blocks are replaced by four others without the deposit.
    await eth.test.revert({ id: fork });
    await eth.test.dropTransaction({ hash }).catch(() => undefined);
    await eth.mine(4);
    const back = await waitFor(
      async () => {
        const v = await publicView(t, e.id);
        return v.status === TransactionStatus.awaitingVerification ? v : undefined;
      },
      20_000,
      'the exchange waiting again',
    );
    expect(back).toMatchObject({
      transactionHash: null,
      depositConfirmations: null,
      stage: 'awaitingDeposit',
    });
    const [orphaned] = await depositsTo(t, e.id);
    expect(orphaned).toMatchObject({ status: 'orphaned', blockNumber: null, confirmations: 0 });
    // More blocks on top: still nothing credited, nothing paid.
    await eth.mine(4);
    await new Promise((r) => setTimeout(r, 400));
    expect((await exchangeRow(t, e.id)).status).toBe(TransactionStatus.awaitingVerification);
    expect(await payoutsOf(t, e.id)).toEqual([]);
    const credited = () =>
      t.services.db
        .select()
        .from(journalEntries)
        .where(
          and(eq(journalEntries.kind, 'chain_deposit'), eq(journalEntries.reference, orphaned?.id ?? '')),
        );
    expect(await credited()).toEqual([]);

    // The same transaction is mined again, in another block: seen, confirmed and credited once.
    await eth.public.sendRawTransaction({ serializedTransaction: raw });
    await eth.mine(1);
    const block2 = (await eth.public.getTransactionReceipt({ hash })).blockHash;
    expect(block2).not.toBe(block1);
    await waitFor(
      async () => (await publicView(t, e.id)).status === TransactionStatus.pending,
      20_000,
      'seen again',
    );
    await eth.mine(2);
    await waitFor(async () => (await payoutsOf(t, e.id))[0]?.status === 'sent', 20_000, 'payout sent');
    // Mined and confirmed (3 confirmations): it settles the exchange.
    await chains.bsc.mine(3);
    await waitFor(
      async () => (await publicView(t, e.id)).status === TransactionStatus.success,
      20_000,
      'success',
    );

    const deposits = await depositsTo(t, e.id);
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({ id: orphaned?.id, status: 'final', blockHash: block2.toLowerCase() });
    expect(await credited()).toHaveLength(1);
    expect(await chains.bsc.public.getBalance({ address: GUEST.BNB as Hex })).toBe(
      units(e.destinationAmount, 18),
    );
    expect(await chains.bsc.public.getTransactionCount({ address: chains.hot.BSC as Hex })).toBe(1);
    expect(await auditClean(t)).toBe(true);
  }, 90_000);
});
