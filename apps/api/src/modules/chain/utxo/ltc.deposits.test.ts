import { randomBytes } from 'node:crypto';
import { TransactionStatus } from '@vaultline/shared';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { assetId, makeUser } from '../../ledger/ledger.test-helpers';
import {
  auditClean,
  createChainExchange,
  depositsTo,
  exchangeRow,
  payoutsOf,
  publicView,
  units,
  waitFor,
} from '../chain.test-helpers';
import { bip84Deriver } from './bip84';
import { type LtcChains, ltcApp, pay, payTwice, startLtcChains } from './ltc.test-helpers';
import { UTXO_PARAMS } from './utxo-networks';

// Litecoin against a real node (litecoind -regtest on loopback, mining only when told): deposit
// addresses from a watch-only BIP 84 key, every output to one of them a transfer, credited when it
// has 6 confirmations, once, through reorganisations. The node's own wallet stands in for customers.
let chains: LtcChains;
let t: TestApp;

beforeAll(async () => {
  chains = await startLtcChains();
  t = await ltcApp(chains);
}, 90_000);

afterAll(async () => {
  await t?.close();
  await chains?.stop();
});

const address = async (token: string) =>
  (
    await t.request({
      method: 'GET',
      url: `/api/Payment/crypto/address?assetId=${await assetId(t, 'LTC')}`,
      token,
    })
  ).json().content as { address: string; network: string; requiredConfirmations: number };
const balance = async (token: string) =>
  (
    (await t.request({ method: 'GET', url: '/api/Wallets', token })).json().content as {
      ticker: string;
      amount: string;
    }[]
  ).find((w) => w.ticker === 'LTC')?.amount ?? '0';
const ltcDeposits = async (token: string) =>
  (
    (await t.request({ method: 'GET', url: '/api/History?pageSize=10', token })).json().content.items as {
      kind: string;
      status: number;
      amount: string;
      confirmations: number | null;
      transactionHash: string | null;
    }[]
  ).filter((h) => h.transactionHash !== null);
const freshEthAddress = () => `0x${randomBytes(20).toString('hex')}`;

describe("a user's LTC deposit", () => {
  it('goes to their own BIP 84 address and is credited once, at 6 confirmations', async () => {
    const u = await makeUser(t);
    const mine = await address(u.token);
    expect(mine).toMatchObject({ network: 'LTC', requiredConfirmations: 6 });
    expect(mine.address).toMatch(/^rltc1q/);
    const derive = bip84Deriver(chains.xpub, UTXO_PARAMS.LTC.regtest);
    expect(Array.from({ length: 20 }, (_, i) => derive(i))).toContain(mine.address);

    const hash = await pay(chains.ltc, { [mine.address]: '0.12345678' });
    await chains.ltc.mine(1);
    await waitFor(async () => (await ltcDeposits(u.token))[0]?.confirmations === 1, 20_000, 'seen');
    await chains.ltc.mine(4);
    await waitFor(
      async () => (await ltcDeposits(u.token))[0]?.confirmations === 5,
      20_000,
      '5 confirmations',
    );
    expect(await balance(u.token)).toBe('0');
    await chains.ltc.mine(1);
    await waitFor(async () => (await balance(u.token)) === '0.12345678', 20_000, 'credited');
    const [h] = await ltcDeposits(u.token);
    expect(h).toMatchObject({
      transactionHash: hash,
      amount: '0.12345678',
      status: TransactionStatus.success,
    });
    // More blocks change nothing: credited once.
    await chains.ltc.mine(3);
    await new Promise((r) => setTimeout(r, 500));
    expect(await balance(u.token)).toBe('0.12345678');
    expect(await auditClean(t)).toBe(true);
    // The Networks page shows LTC read, its node answering, and no hot wallet (payouts manual).
    const admin = await makeUser(t, { role: 'admin' });
    const status = await t.request({ method: 'GET', url: '/api/Admin/chains', token: admin.token });
    expect(status.statusCode).toBe(200);
    const ltc = (status.json().content.networks as { network: string; rpcOk: boolean }[]).find(
      (n) => n.network === 'LTC',
    );
    expect(ltc).toMatchObject({ network: 'LTC', rpcOk: true });
    expect(JSON.stringify(status.json())).not.toContain(new URL(chains.ltc.url).password);
  }, 60_000);

  it('in a block invalidated before 6 confirmations is never credited; mined again, it is credited once', async () => {
    const u = await makeUser(t);
    const to = (await address(u.token)).address;
    const hash = await pay(chains.ltc, { [to]: '0.5' });
    const [first] = await chains.ltc.mine(1);
    await chains.ltc.mine(2);
    await waitFor(
      async () => (await ltcDeposits(u.token))[0]?.confirmations === 3,
      20_000,
      '3 confirmations',
    );
    // The block leaves the chain: the transaction goes back to the pool, and a longer branch of
    // empty blocks wins (generateblock with no transactions).
    await chains.ltc.rpc.call('invalidateblock', [first]);
    const other = await chains.ltc.rpc.call<string>('getnewaddress', ['', 'bech32']);
    for (let i = 0; i < 8; i++) await chains.ltc.rpc.call('generateblock', [other, []]);
    const orphaned = await waitFor(
      async () => {
        const rows = await t.services.db.query.chainDeposits.findMany({
          where: (d, { eq }) => eq(d.txHash, hash),
        });
        return rows[0]?.status === 'orphaned' ? rows : undefined;
      },
      20_000,
      'the deposit orphaned',
    );
    expect(orphaned).toHaveLength(1);
    expect(await balance(u.token)).toBe('0');
    // The same transaction mined again: one transfer, credited once at 6 confirmations.
    await chains.ltc.mine(1);
    await waitFor(async () => (await ltcDeposits(u.token))[0]?.confirmations === 1, 20_000, 'seen again');
    await chains.ltc.mine(5);
    await waitFor(async () => (await balance(u.token)) === '0.5', 20_000, 'credited');
    await chains.ltc.mine(2);
    await new Promise((r) => setTimeout(r, 500));
    expect(await balance(u.token)).toBe('0.5');
    const rows = await t.services.db.query.chainDeposits.findMany({
      where: (d, { eq }) => eq(d.txHash, hash),
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'final', eventKey: expect.stringMatching(/^[01]$/) });
    expect(await auditClean(t)).toBe(true);
  }, 90_000);
});

describe('guest exchanges from LTC', () => {
  it('one transaction paying two exchanges settles both; two outputs to one address are summed', async () => {
    const a = await createChainExchange(t, 'LTC', 'ETH', '1.3', {
      destinationWalletAddress: freshEthAddress(),
    });
    const b = await createChainExchange(t, 'LTC', 'ETH', '1.5', {
      destinationWalletAddress: freshEthAddress(),
    });
    const c = await createChainExchange(t, 'LTC', 'ETH', '2', {
      destinationWalletAddress: freshEthAddress(),
    });
    expect(a).toMatchObject({ network: 'LTC', requiredConfirmations: 6 });
    expect(new Set([a.adminWalletAddress, b.adminWalletAddress, c.adminWalletAddress]).size).toBe(3);
    const both = await pay(chains.ltc, { [a.adminWalletAddress]: '1.3', [b.adminWalletAddress]: '1.5' });
    const twice = await payTwice(chains.ltc, c.adminWalletAddress, '1.2', '0.8');
    await chains.ltc.mine(6);
    for (const e of [a, b, c])
      await waitFor(
        async () => (await exchangeRow(t, e.id)).chainResolution === 'quote',
        20_000,
        `exchange ${e.id} settled`,
      );
    expect((await exchangeRow(t, a.id)).amountReceived).toBe('1.3');
    expect((await exchangeRow(t, b.id)).amountReceived).toBe('1.5');
    expect((await exchangeRow(t, c.id)).amountReceived).toBe('2');
    const [da, db] = [await depositsTo(t, a.id), await depositsTo(t, b.id)];
    expect([da[0]?.txHash, db[0]?.txHash]).toEqual([both, both]);
    expect(da[0]?.eventKey).not.toBe(db[0]?.eventKey);
    const dc = await depositsTo(t, c.id);
    expect(dc.map((d) => [d.txHash, d.amount]).sort()).toEqual([
      [twice, '0.8'],
      [twice, '1.2'],
    ]);
    expect(new Set(dc.map((d) => d.eventKey)).size).toBe(2);
    expect(await auditClean(t)).toBe(true);
  }, 90_000);

  it('LTC -> ETH ends in success with the exact payout on chain', async () => {
    const guest = freshEthAddress();
    const e = await createChainExchange(t, 'LTC', 'ETH', '1.25', { destinationWalletAddress: guest });
    const hash = await pay(chains.ltc, { [e.adminWalletAddress]: '1.25' });
    await chains.ltc.mine(1);
    const seen = await waitFor(
      async () => {
        const v = await publicView(t, e.id);
        return v.depositConfirmations === 1 ? v : undefined;
      },
      20_000,
      'seen',
    );
    expect(seen).toMatchObject({ stage: 'confirming', transactionHash: hash });
    expect(seen.transactionUrl).toBe(`https://explorer.test/ltc/tx/${hash}`);
    await chains.ltc.mine(5);
    await waitFor(
      async () => (await payoutsOf(t, e.id))[0]?.status === 'sent',
      30_000,
      'the payout broadcast',
    );
    await chains.evm.eth.mine(3);
    const done = await waitFor(
      async () => {
        const v = await publicView(t, e.id);
        return v.status === TransactionStatus.success ? v : undefined;
      },
      30_000,
      'success',
    );
    expect(await chains.evm.eth.public.getBalance({ address: guest as Hex })).toBe(
      units(done.destinationAmount, 18),
    );
    expect((await exchangeRow(t, e.id)).amountReceived).toBe('1.25');
    expect(await auditClean(t)).toBe(true);
  }, 90_000);
});
