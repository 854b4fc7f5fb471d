import { Decimal, TransactionStatus } from '@vaultline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import { auditClean, type Chains, chainApp, deposit, startChains, waitFor } from './chain.test-helpers';
import { evmAddressDeriver } from './evm/xpub';

// Signed-in users' crypto deposits on a watched network: a personal address per user and network;
// each confirmed transfer credits the wallet once, with no admin step, and shows in the history
// with its confirmations.
let chains: Chains;
let t: TestApp;

beforeAll(async () => {
  chains = await startChains({ confirmations: 2 });
  t = await chainApp(chains);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await chains?.stop();
});

const address = async (token: string, ticker: string) =>
  (
    await t.request({
      method: 'GET',
      url: `/api/Payment/crypto/address?assetId=${await assetId(t, ticker)}`,
      token,
    })
  ).json().content;
const balance = async (token: string, ticker: string) =>
  (
    (await t.request({ method: 'GET', url: '/api/Wallets', token })).json().content as {
      ticker: string;
      amount: string;
    }[]
  ).find((w) => w.ticker === ticker)?.amount ?? '0';
const history = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/History?pageSize=10', token })).json().content.items as {
    kind: string;
    status: number;
    amount: string;
    confirmations: number | null;
    requiredConfirmations: number | null;
    transactionHash: string | null;
  }[];

describe("a user's own deposit address", () => {
  it('is personal, stable, per network (USDT shares the ETH one), derived from the xpub', async () => {
    const [u, v] = [await makeUser(t), await makeUser(t)];
    const mine = await address(u.token, 'ETH');
    expect(mine).toMatchObject({ network: 'ETH', requiredConfirmations: 2, testDeposit: true });
    expect((await address(u.token, 'ETH')).address).toBe(mine.address);
    expect((await address(u.token, 'USDT')).address).toBe(mine.address);
    expect((await address(v.token, 'ETH')).address).not.toBe(mine.address);
    expect((await address(u.token, 'BNB')).network).toBe('BSC');
    const derive = evmAddressDeriver(chains.xpub.ETH);
    expect(Array.from({ length: 10 }, (_, i) => derive(i))).toContain(mine.address);
    // No hash to give on a watched network.
    const notify = await t.request({
      method: 'POST',
      url: '/api/Payment/crypto/notify',
      token: u.token,
      payload: { assetId: await assetId(t, 'ETH'), amount: '1', transactionHash: `0x${'ab'.repeat(32)}` },
    });
    expect(notify.json().error.code).toBe('NETWORK_WATCHED');
  });

  it('credits each confirmed transfer once, showing its confirmations in the history meanwhile', async () => {
    const u = await makeUser(t);
    const to = (await address(u.token, 'ETH')).address as string;
    const hash = await deposit(chains.eth, to, '0.25');
    const seen = await waitFor(
      async () => {
        const [h] = await history(u.token);
        return h?.confirmations === 1 ? h : undefined;
      },
      20_000,
      'pending in the history',
    );
    expect(seen).toMatchObject({
      kind: 'deposit',
      status: TransactionStatus.pending,
      amount: '0.25',
      requiredConfirmations: 2,
      transactionHash: hash,
    });
    expect(await balance(u.token, 'ETH')).toBe('0');
    await chains.eth.mine(1);
    await waitFor(
      async () => (await history(u.token))[0]?.status === TransactionStatus.success,
      20_000,
      'credited',
    );
    expect(new Decimal(await balance(u.token, 'ETH')).eq('0.25')).toBe(true);
    // A token transfer to the same address credits USDT, once, however many passes run.
    await deposit(chains.eth, to, '42.5', true);
    await chains.eth.mine(1);
    await waitFor(
      async () => new Decimal(await balance(u.token, 'USDT')).eq('42.5'),
      20_000,
      'USDT credited',
    );
    await chains.eth.mine(3);
    await new Promise((r) => setTimeout(r, 300));
    expect(new Decimal(await balance(u.token, 'USDT')).eq('42.5')).toBe(true);
    expect(new Decimal(await balance(u.token, 'ETH')).eq('0.25')).toBe(true);
    expect((await history(u.token)).filter((h) => h.kind === 'deposit')).toHaveLength(2);
    expect(await auditClean(t)).toBe(true);
  }, 60_000);

  it('sends a test deposit in demo mode only', async () => {
    const u = await makeUser(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/Payment/crypto/testDeposit',
      token: u.token,
      payload: { assetId: await assetId(t, 'ETH'), amount: '0.1' },
    });
    // This app has no demo chain (no faucet): refused, nothing sent.
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('DEMO_ONLY');
  });
});
