import { Decimal } from '@vaultline/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { ChainAdapter } from './chain.types';
import { createNetworkJobs } from './chain-jobs';
import type { DepositOwner, PayoutOwner } from './chain-owners';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** An adapter that records every call made to it and answers nothing useful. */
function recordingAdapter(calls: string[]): ChainAdapter {
  const fn = (name: string) => () => {
    calls.push(name);
    return Promise.resolve(0);
  };
  return {
    network: 'ETH',
    assets: [{ ticker: 'ETH', contract: undefined, decimals: 18 }],
    depositAddress: () => ({ address: '0x0000000000000000000000000000000000000001' }),
    normalAddress: (a) => a.toLowerCase(),
    chainId: fn('chainId'),
    head: fn('head'),
    blockRef: () => {
      calls.push('blockRef');
      return Promise.resolve(null);
    },
    scan: () => {
      calls.push('scan');
      return Promise.resolve([]);
    },
    hotWallet: undefined,
    watchHeads: () => {
      calls.push('watchHeads');
      return () => {};
    },
  };
}

function jobs() {
  const none: DepositOwner = {
    seen: async () => [],
    orphaned: async () => [],
    progress: async () => undefined,
    final: async () => [],
  };
  const noPayouts: PayoutOwner = {
    mined: async () => [],
    failed: async () => [],
    cancelled: async () => [],
    changed: async () => undefined,
  };
  return createNetworkJobs({
    db: t.services.db,
    config: {
      pollMs: 20,
      autoPayoutMaxUsd: new Decimal(0),
      autoPayoutDailyMaxUsd: new Decimal(0),
      networks: [],
      demoChain: false,
    },
    log: t.app.log,
    demo: false,
    catalog: { all: async () => [] },
    ledger: { post: async () => undefined },
    settings: new Map(),
    owners: { exchange: none, user: none },
    payoutOwners: {
      exchange_payout: noPayouts,
      exchange_refund: noPayouts,
      deposit_refund: noPayouts,
      withdrawal: noPayouts,
    },
    assetId: async () => undefined,
    tickerOf: async () => undefined,
    usdPrice: () => undefined,
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('a network started runs its job: the node is read', async () => {
  const calls: string[] = [];
  const j = jobs();
  j.open();
  const adapter = recordingAdapter(calls);
  expect(await j.start([], [adapter])).toEqual([adapter]);
  await pause(100);
  await j.stop();
  expect(calls).toContain('watchHeads');
  expect(calls).toContain('blockRef');
});

// Demo mode's chains join once they are up; the server may be closing by then.
it('a network whose start is under way when the jobs stop starts no job and is not watched', async () => {
  const calls: string[] = [];
  const j = jobs();
  j.open();
  const starting = j.start([], [recordingAdapter(calls)]);
  await j.stop();
  expect(await starting).toEqual([]);
  await pause(100);
  expect(calls).toEqual([]);
});
