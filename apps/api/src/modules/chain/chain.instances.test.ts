import { TransactionStatus } from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { jobLeases } from '../../db/schema';
import { type TestApp, testConfig } from '../../test/test-app';
import {
  auditClean,
  type Chains,
  chainApp,
  createChainExchange,
  deposit,
  GUEST,
  payoutsOf,
  publicView,
  startChains,
  units,
  waitFor,
} from './chain.test-helpers';

// Two instances on one database and the same nodes: only the holder of a network's job lease reads
// it and pays; the exchange is paid once, whichever instance took its request.
let chains: Chains;
let t: TestApp;
let second: FastifyInstance;

beforeAll(async () => {
  chains = await startChains({ confirmations: 2 });
  t = await chainApp(chains, { INSTANCE_NAME: 'first' });
  second = await buildApp({
    config: testConfig({ ...chains.env, INSTANCE_NAME: 'second' }),
    database: t.database,
  });
  await second.ready();
}, 60_000);

afterAll(async () => {
  await second?.close();
  await t?.close();
  await chains?.stop();
});

describe('two instances', () => {
  it('one reads and pays each network; no double payout', async () => {
    const leases = await t.services.db.select().from(jobLeases);
    const chainLeases = leases.filter((l) => l.name.startsWith('chain '));
    expect(chainLeases.map((l) => l.name).sort()).toEqual(['chain BSC', 'chain ETH']);
    // Made through the second instance, watched by whichever holds the lease.
    const viaSecond: TestApp = {
      ...t,
      app: second,
      request: ({ token, xsrf, headers, cookies, ...rest }) =>
        second.inject({
          ...rest,
          headers: {
            'x-xsrf-token': 'x',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...headers,
          },
          cookies: { 'XSRF-TOKEN': 'x', ...cookies },
        }),
    };
    const e = await createChainExchange(viaSecond, 'ETH', 'BNB', '0.05');
    await deposit(chains.eth, e.adminWalletAddress, '0.05');
    await chains.eth.mine(2);
    await waitFor(async () => (await payoutsOf(t, e.id))[0]?.status === 'sent', 20_000, 'payout sent');
    // Both instances keep running passes for a while: still one payout, one transaction.
    await new Promise((r) => setTimeout(r, 500));
    // Mined and confirmed (2 confirmations): it settles the exchange.
    await chains.bsc.mine(2);
    await waitFor(
      async () => (await publicView(t, e.id)).status === TransactionStatus.success,
      20_000,
      'success',
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(await payoutsOf(t, e.id)).toHaveLength(1);
    expect(await chains.bsc.public.getTransactionCount({ address: chains.hot.BSC as Hex })).toBe(1);
    expect(await chains.bsc.public.getBalance({ address: GUEST.BNB as Hex })).toBe(
      units(e.destinationAmount, 18),
    );
    const holders = new Set(
      (await t.services.db.select().from(jobLeases))
        .filter((l) => l.name.startsWith('chain '))
        .map((l) => l.holder),
    );
    expect(holders.size).toBeGreaterThanOrEqual(1);
    expect(await auditClean(t)).toBe(true);
  }, 90_000);
});
