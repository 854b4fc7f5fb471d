import { eq } from 'drizzle-orm';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainNetworks } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import { type Chains, chainApp, startChains, waitFor } from './chain.test-helpers';

// A reorganisation the scanner cannot follow (issue 29, point 9): one that reaches the block reading
// started from, or one deeper than the blocks kept, stops reading that network with an alert; it
// never walks back towards genesis. The operator clears the halt once the node is checked.
let chains: Chains;
let t: TestApp;
const METRICS = 'chain-halt-metrics-token-0123456789';

beforeAll(async () => {
  chains = await startChains({ confirmations: 3 });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await chains?.stop();
});

const eth = () => chains.eth;
async function row() {
  const [r] = await t.services.db.select().from(chainNetworks).where(eq(chainNetworks.network, 'ETH'));
  if (!r) throw new Error('no ETH row');
  return r;
}
async function halted(): Promise<number | undefined> {
  const res = await t.request({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS}` },
  });
  const sample = 'vaultline_chain_halted{network="ETH"}';
  const line = res.body.split('\n').find((l) => l.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.slice(sample.length + 1));
}
/** Replaces the chain from a snapshot with `blocks` others (a transfer in the first makes them differ). */
async function reorg(snapshot: Hex, blocks: number) {
  await eth().test.revert({ id: snapshot });
  await eth().sendNative(eth().accounts[3] as Hex, eth().accounts[4] as string, 12345n);
  await eth().mine(blocks);
}

describe('a reorganisation too deep to follow', () => {
  it('reaching the block reading started from: reading stops with an alert, at its start block and hash, until the operator clears it', async () => {
    const base = await eth().test.snapshot();
    await eth().mine(2);
    const head = Number(await eth().public.getBlockNumber());
    t = await chainApp(chains, { METRICS_TOKEN: METRICS });
    const start = await row();
    // The first block read is the node's newest but one, kept with its hash.
    expect(start.startBlock).toBe(head - 1);
    expect(start.startHash).toBe((await eth().public.getBlock({ blockNumber: BigInt(head - 1) })).hash);
    await waitFor(async () => (await row()).scannedBlock === head, 20_000, 'the head read');
    expect(await halted()).toBe(0);

    await reorg(base, 4);
    const stopped = await waitFor(
      async () => {
        const r = await row();
        return r.haltedAt ? r : undefined;
      },
      20_000,
      'reading stopped',
    );
    expect(stopped.haltedReason).toContain('the block reading started from');
    // Never rewound below its start (before: back to block 0, read again from genesis).
    expect(stopped.scannedBlock).toBe(head);
    // The metric the VaultlineChainHalted alert reads (scrapes share a read for a second).
    await waitFor(async () => (await halted()) === 1, 5_000, 'vaultline_chain_halted 1');
    await eth().mine(3);
    await new Promise((r) => setTimeout(r, 400));
    expect((await row()).scannedBlock).toBe(head);

    // The operator checked the node and clears the halt: reading starts again from the start block.
    await t.services.db.update(chainNetworks).set({ haltedAt: null }).where(eq(chainNetworks.network, 'ETH'));
    const newHead = Number(await eth().public.getBlockNumber());
    await waitFor(
      async () => {
        const r = await row();
        return r.scannedBlock === newHead && r.haltedReason === null && r.haltedAt === null;
      },
      20_000,
      'reading again',
    );
    await waitFor(async () => (await halted()) === 0, 5_000, 'vaultline_chain_halted 0');
  }, 90_000);

  it('deeper than the blocks kept: reading stops where it was, not a rewind that walks back', async () => {
    const at = Number(await eth().public.getBlockNumber());
    const base = await eth().test.snapshot();
    await eth().mine(300);
    await waitFor(async () => (await row()).scannedBlock === at + 300, 30_000, '300 blocks read');
    await reorg(base, 310);
    const stopped = await waitFor(
      async () => {
        const r = await row();
        return r.haltedAt ? r : undefined;
      },
      60_000,
      'reading stopped',
    );
    expect(stopped.haltedReason).toContain('the 256 blocks kept');
    expect(stopped.scannedBlock).toBe(at + 300);
    await waitFor(async () => (await halted()) === 1, 5_000, 'vaultline_chain_halted 1');
  }, 90_000);
});
