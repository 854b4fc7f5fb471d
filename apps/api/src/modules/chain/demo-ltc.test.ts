import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { p2wpkh } from '@scure/btc-signer';
import { pubECDSA } from '@scure/btc-signer/utils.js';
import { TransactionStatus } from '@vaultline/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import { auditClean, createChainExchange, exchangeRow, publicView, waitFor } from './chain.test-helpers';
import { startDemoChains } from './demo-chain';
import { DEMO_LTC_MISSING } from './demo-ltc';
import { utxoTxNetwork } from './utxo/tx-network';

// Demo mode's chains as `npm start` runs them (server.ts: startDemoChains, joined when up): with
// litecoind on the PATH, LTC is watched on a regtest node of its own and "Send test deposit" pays
// from the node's wallet, with blocks mined until it is credited; without it, LTC stays manual and
// the start-up says how to get it.
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'vaultline-demo-ltc-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

type Demo = NonNullable<Awaited<ReturnType<typeof startDemoChains>>>;
async function demoApp(demo: Demo | undefined): Promise<TestApp> {
  // DEMO is on in tests (not production); no network configured, as `npm start` has it.
  return createTestApp({ env: { DEMO: 'true' }, demoChains: Promise.resolve(demo) });
}
const ltcAddress = async (t: TestApp, token: string) =>
  t.request({ method: 'GET', url: `/api/Payment/crypto/address?assetId=${await assetId(t, 'LTC')}`, token });
const ltcBalance = async (t: TestApp, token: string) =>
  (
    (await t.request({ method: 'GET', url: '/api/Wallets', token })).json().content as {
      ticker: string;
      amount: string;
    }[]
  ).find((w) => w.ticker === 'LTC')?.amount ?? '0';

describe('demo mode with litecoind on the PATH', () => {
  it('watches LTC on a local regtest node; a test deposit is confirmed and credited once', async () => {
    const lines: string[] = [];
    const dataDir = tempDir();
    const demo = await startDemoChains(dataDir, (l) => lines.push(l));
    expect(
      demo?.networks.map((n) => n.network),
      lines.join('\n'),
    ).toEqual(['BSC', 'ETH', 'LTC']);
    const t = await demoApp(demo);
    try {
      expect(lines.join('\n')).toMatch(/LTC at http:\/\/127\.0\.0\.1:\d+/);
      // The credentials of the node's RPC are not printed.
      expect(lines.join('\n')).not.toContain(new URL(demo?.networks[2]?.rpcUrl ?? '').password);
      const u = await makeUser(t);
      const own = await waitFor(
        async () => {
          const r = await ltcAddress(t, u.token);
          return r.statusCode === 200
            ? (r.json().content as { address: string; network: string })
            : undefined;
        },
        30_000,
        'LTC watched',
      );
      expect(own).toMatchObject({ network: 'LTC', address: expect.stringMatching(/^rltc1q/) });
      const sent = await t.request({
        method: 'POST',
        url: '/api/Payment/crypto/testDeposit',
        token: u.token,
        payload: { assetId: await assetId(t, 'LTC'), amount: '0.25' },
      });
      expect(sent.statusCode).toBe(200);
      await waitFor(
        async () => (await ltcBalance(t, u.token)) === '0.25',
        30_000,
        'the test deposit credited',
      );

      // A guest exchange's deposit step: the button is offered, and its deposit settles the exchange.
      const e = await createChainExchange(t, 'LTC', 'ETH', '1.5');
      expect(e).toMatchObject({ network: 'LTC', testDeposit: true });
      const paid = await t.request({
        method: 'POST',
        url: '/api/PublicExchange/testDeposit',
        payload: { exchangeId: e.id },
      });
      expect(paid.statusCode).toBe(200);
      const hash = paid.json().content.transactionHash as string;
      await waitFor(
        async () => (await exchangeRow(t, e.id)).amountReceived === '1.5',
        30_000,
        'the exchange deposit received',
      );
      expect((await publicView(t, e.id)).transactionHash).toBe(hash);
      // Credited once: later blocks change nothing.
      await new Promise((r) => setTimeout(r, 2500));
      expect(await ltcBalance(t, u.token)).toBe('0.25');

      // ETH -> LTC: the LTC payout leaves the demo's hot wallet by itself (blocks are mined while it
      // waits in the pool), ending in success.
      const guest = p2wpkh(pubECDSA(randomBytes(32)), utxoTxNetwork('LTC', 'regtest').params)
        .address as string;
      const out = await createChainExchange(t, 'ETH', 'LTC', '0.05', { destinationWalletAddress: guest });
      const eth = await t.request({
        method: 'POST',
        url: '/api/PublicExchange/testDeposit',
        payload: { exchangeId: out.id },
      });
      expect(eth.statusCode, eth.body).toBe(200);
      const done = await waitFor(
        async () => {
          const v = await publicView(t, out.id);
          return v.status === TransactionStatus.success ? v : undefined;
        },
        60_000,
        'the LTC payout confirmed',
      );
      expect(done.payoutHash).toMatch(/^[0-9a-f]{64}$/);
      // The hot wallet's top-up is booked as the operator's: the books match the chain.
      const books = (await t.services.chain.reconcile('LTC'))?.find((r) => r.ticker === 'LTC');
      expect(books?.difference, JSON.stringify(books)).toBe('0');
      expect(await auditClean(t)).toBe(true);
    } finally {
      await t.close();
      await demo?.stop();
    }
    // A second start keeps the chain and the account key: the same address, the coins still there.
    const again = await startDemoChains(dataDir, () => undefined);
    try {
      expect(again?.networks.find((n) => n.network === 'LTC')?.xpub).toBe(
        demo?.networks.find((n) => n.network === 'LTC')?.xpub,
      );
    } finally {
      await again?.stop();
    }
  }, 180_000);
});

describe('demo mode without litecoind', () => {
  it('keeps LTC manual and says how to get the node', async () => {
    // A PATH with what anvil's start needs (a shell, cat) and no litecoind; anvil comes from its package.
    const bin = tempDir();
    for (const tool of ['sh', 'cat']) symlinkSync(`/bin/${tool}`, path.join(bin, tool));
    const before = process.env.PATH;
    const lines: string[] = [];
    let demo: Demo | undefined;
    process.env.PATH = bin;
    try {
      demo = await startDemoChains(tempDir(), (l) => lines.push(l));
    } finally {
      process.env.PATH = before;
    }
    const t = await demoApp(demo);
    try {
      expect(lines, lines.join('\n')).toContain(DEMO_LTC_MISSING);
      expect(DEMO_LTC_MISSING).toContain('apt-get install litecoind');
      expect(demo?.networks.map((n) => n.network)).toEqual(['BSC', 'ETH']);
      const u = await makeUser(t);
      // The demo's other chains have joined (ETH is watched): LTC is left out, not late.
      await waitFor(
        async () =>
          (
            await t.request({
              method: 'GET',
              url: `/api/Payment/crypto/address?assetId=${await assetId(t, 'ETH')}`,
              token: u.token,
            })
          ).statusCode === 200,
        30_000,
        'ETH watched',
      );
      const sent = await t.request({
        method: 'POST',
        url: '/api/Payment/crypto/testDeposit',
        token: u.token,
        payload: { assetId: await assetId(t, 'LTC'), amount: '0.25' },
      });
      expect(sent.statusCode).toBe(400);
      expect(sent.json()).toMatchObject({ error: { code: 'NOT_WATCHED' } });
    } finally {
      await t.close();
      await demo?.stop();
    }
  }, 120_000);
});
