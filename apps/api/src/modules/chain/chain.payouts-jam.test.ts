import { randomUUID } from 'node:crypto';
import { Decimal, TransactionStatus } from '@vaultline/shared';
import { erc20Abi, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLines, type TestApp } from '../../test/test-app';
import { makeUser } from '../ledger/ledger.test-helpers';
import {
  askPayout,
  type Chains,
  chainApp,
  createChainExchange,
  deployRefuser,
  deposit,
  exchangeRow,
  GUEST,
  onlyPayout,
  payoutsOf,
  startChains,
  units,
  waitFor,
} from './chain.test-helpers';

// Issue 29, point 10: a payout the network refuses (a contract that refuses coins) gets a state and
// a reason of its own and never holds up the others; a signed payout the node refuses does not stop
// the pass. (An admin's Cancel and Redirect: chain.payouts-cancel.test.ts.)
let chains: Chains;
let t: TestApp;
let admin: { id: string; token: string };
let refuser: Hex;
const lines: string[] = [];
/** Set by a test: right after this payout is stored signed, the node's block gas limit drops. */
let squeezeAfterSigning: string | undefined;
const GAS_LIMIT = 30_000_000n;

const setGasLimit = (limit: bigint) =>
  chains.bsc.test.request({
    method: 'evm_setBlockGasLimit',
    params: [`0x${limit.toString(16)}`],
  } as never);

beforeAll(async () => {
  chains = await startChains({ confirmations: 1 });
  const logs = logLines(lines);
  t = await chainApp(
    chains,
    { AUTO_PAYOUT_MAX_USD: '100000', AUTO_PAYOUT_DAILY_MAX_USD: '1000000', LOG_LEVEL: 'warn' },
    logs,
    {
      payoutHooks: {
        afterSign: async (p) => {
          if (p.reference === squeezeAfterSigning) await setGasLimit(30_000n);
        },
      },
    },
  );
  admin = await makeUser(t, { role: 'admin' });
  refuser = await deployRefuser(chains.bsc);
}, 90_000);

afterAll(async () => {
  await t?.close();
  await chains?.stop();
});

const admin$ = (method: 'GET' | 'POST', url: string) => t.request({ method, url, token: admin.token });
/** An exchange from ETH, its deposit mined (final at one confirmation). */
async function paidExchange(to: string, amount: string, over: Record<string, unknown>) {
  const e = await createChainExchange(t, 'ETH', to, amount, over);
  await deposit(chains.eth, e.adminWalletAddress, amount);
  await waitFor(async () => (await payoutsOf(t, e.id)).length === 1, 20_000, 'a payout');
  return e;
}
const tokenBalance = (address: string) =>
  chains.bsc.public.readContract({
    address: chains.bsc.token as Hex,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address as Hex],
  });

describe('a signed payout the node refuses', () => {
  it('does not stop the pass: the others are followed, and it goes out once the node takes it', async () => {
    const g1 = '0x5555555555555555555555555555555555555501';
    const g2 = '0x5555555555555555555555555555555555555502';
    const first = await askPayout(t, { ticker: 'BNB', to: g1, amount: '0.01', approvedBy: admin.id });
    const refused = randomUUID();
    squeezeAfterSigning = refused;
    await t.services.db.transaction((tx) =>
      t.services.chain.requestPayout(tx, {
        ticker: 'USDT-BEP20',
        to: g2,
        amount: new Decimal('5'),
        usdValue: new Decimal(5),
        purpose: 'deposit_refund',
        reference: refused,
        approvedBy: admin.id,
      }),
    );
    await waitFor(
      async () =>
        (await onlyPayout(t, refused)).status === 'signed' && (await onlyPayout(t, first)).status === 'sent',
      20_000,
      'both signed',
    );
    // The pass goes on: the payout signed before it is followed to the end.
    await chains.bsc.mine(1);
    await waitFor(
      async () => (await onlyPayout(t, first)).status === 'confirmed',
      20_000,
      'the other confirmed',
    );
    expect(await chains.bsc.public.getBalance({ address: g1 })).toBe(units('0.01', 18));
    const p = await onlyPayout(t, refused);
    expect(p).toMatchObject({ status: 'signed', reason: 'rejected' });
    expect(p.lastError).toMatch(/gas/i);
    const status = (await admin$('GET', '/api/Admin/chains')).json().content;
    expect(status.networks.find((n: { network: string }) => n.network === 'BSC')).toMatchObject({
      rpcOk: true,
    });
    expect(lines.some((l) => l.includes('BSC: node unreachable'))).toBe(false);

    // The node takes it again: the same signed bytes go out, nothing signed anew.
    squeezeAfterSigning = undefined;
    await setGasLimit(GAS_LIMIT);
    await waitFor(async () => (await onlyPayout(t, refused)).status === 'sent', 20_000, 'sent once taken');
    await chains.bsc.mine(1);
    await waitFor(async () => (await onlyPayout(t, refused)).status === 'confirmed', 20_000, 'confirmed');
    const done = await onlyPayout(t, refused);
    expect(done.txHash).toBe(p.txHash);
    expect(done.reason).toBeNull();
    expect(await tokenBalance(g2)).toBe(units('5', 18));
  }, 90_000);
});

describe('a payout the network refuses', () => {
  it('twenty of them never hold up a good one; each is blocked with the node’s reason, no false alert', async () => {
    const bad: string[] = [];
    for (let i = 0; i < 20; i++) bad.push(await askPayout(t, { ticker: 'BNB', to: refuser, amount: '0.01' }));
    const good = await paidExchange('BNB', '0.04', { destinationWalletAddress: GUEST.BNB });
    await waitFor(async () => (await onlyPayout(t, good.id)).status === 'sent', 30_000, 'the good one sent');
    await chains.bsc.mine(1);
    await waitFor(
      async () => (await exchangeRow(t, good.id)).status === TransactionStatus.success,
      20_000,
      'the good one paid',
    );
    await waitFor(
      async () => {
        for (const r of bad) if ((await onlyPayout(t, r)).status !== 'blocked') return false;
        return true;
      },
      20_000,
      'all twenty blocked',
    );
    for (const r of bad) {
      const p = await onlyPayout(t, r);
      expect(p).toMatchObject({ status: 'blocked', reason: 'unpayable', txHash: null, nonce: null });
      expect(p.lastError).toMatch(/coins refused|revert/i);
    }
    // The hot wallet holds plenty: no alert says otherwise; the refusal is reported instead.
    expect(lines.some((l) => l.includes('ALERT hot wallet'))).toBe(false);
    const first = await onlyPayout(t, bad[0] as string);
    expect(lines.some((l) => l.includes(`the network refuses payout ${first.id}`))).toBe(true);
    // Nothing left the hot wallet for them.
    expect(await chains.bsc.public.getBalance({ address: refuser })).toBe(0n);
    const page = (await admin$('GET', '/api/Admin/chains/payouts?view=waiting&pageSize=50')).json().content;
    const item = page.items.find((p: { reference: string }) => p.reference === bad[0]);
    expect(item).toMatchObject({ status: 'blocked', reason: 'unpayable' });
    expect(item.lastError).toMatch(/coins refused|revert/i);
  }, 120_000);
});
