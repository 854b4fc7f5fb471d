import { TransactionStatus } from '@vaultline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import {
  type Chains,
  chainApp,
  createChainExchange,
  deposit,
  publicView,
  startChains,
  waitFor,
} from './chain.test-helpers';

// A WebSocket node pushes its new blocks: the scanner reads each one at once instead of at its next
// poll (here a minute away), so a deposit shows within a moment of its block.
let chains: Chains;
let t: TestApp;

beforeAll(async () => {
  chains = await startChains({ confirmations: 2 });
  t = await chainApp(chains, { ETH_RPC_URL: chains.eth.anvil.wsUrl, CHAIN_POLL_MS: '60000' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await chains?.stop();
});

describe('a node that pushes new blocks', () => {
  it('wakes the scanner at each block', async () => {
    const e = await createChainExchange(t, 'ETH', 'BNB', '0.05');
    const started = Date.now();
    await deposit(chains.eth, e.adminWalletAddress, '0.05');
    await waitFor(
      async () => (await publicView(t, e.id)).status === TransactionStatus.pending,
      5_000,
      'seen',
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    await chains.eth.mine(1);
    await waitFor(async () => (await publicView(t, e.id)).stage !== 'confirming', 5_000, 'final');
  }, 30_000);
});
