import { Decimal, TransactionStatus, toPlain } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { type Hex, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { logLines, type TestApp } from '../../test/test-app';
import { makeUser } from '../ledger/ledger.test-helpers';
import {
  auditClean,
  type Chains,
  chainApp,
  createChainExchange,
  deposit,
  exchangeRow,
  payoutsOf,
  publicView,
  startChains,
  waitFor,
} from './chain.test-helpers';

// Payouts past the automatic limit or the daily cap wait for an admin's Send; too little in the hot
// wallet leaves them waiting with an alert, nothing lost; a payout that fails on chain is retried by
// an admin with a new transaction. The back office sees each network and the queue.
let chains: Chains;
let t: TestApp;
let admin: { id: string; token: string };
const lines: string[] = [];

beforeAll(async () => {
  chains = await startChains({ confirmations: 1 });
  const logs = logLines(lines);
  t = await chainApp(
    chains,
    {
      AUTO_PAYOUT_MAX_USD: '150',
      AUTO_PAYOUT_DAILY_MAX_USD: '300',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN: METRICS,
    },
    logs,
  );
  admin = await makeUser(t, { role: 'admin' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await chains?.stop();
});

/** Deposits the quote and mines it to final (1 confirmation here). */
async function paid(amount: string, to?: string) {
  const e = await createChainExchange(t, 'ETH', 'BNB', amount, to ? { destinationWalletAddress: to } : {});
  await deposit(chains.eth, e.adminWalletAddress, amount);
  await waitFor(async () => (await payoutsOf(t, e.id)).length === 1, 20_000, 'a payout');
  return e;
}
const METRICS = 'chain-metrics-token-0123456789';
/** The value of one sample of the metrics (undefined when absent). */
async function metric(sample: string): Promise<number | undefined> {
  const res = await t.request({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS}` },
  });
  const line = res.body.split('\n').find((l) => l.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.slice(sample.length + 1));
}
const statusOf = async (id: string) => (await payoutsOf(t, id))[0]?.status;
const admin$ = (method: 'GET' | 'POST', url: string) => t.request({ method, url, token: admin.token });

describe('payout limits', () => {
  it('over the automatic limit: waits for approval; Send sends it; the audit log has it', async () => {
    const e = await paid('0.05'); // 167.50 USD of ETH, about 166.66 of BNB once the fee is taken: > 150
    await waitFor(async () => (await statusOf(e.id)) === 'approval', 20_000, 'approval');
    expect((await payoutsOf(t, e.id))[0]?.reason).toBe('overLimit');
    // The exchange learns its payout's state right after the payout row changes (the owner's
    // `changed`, its own statement): under load the guest's view may still say `exchanging` then.
    await waitFor(async () => (await publicView(t, e.id)).stage === 'review', 10_000, 'review stage');
    // The metrics show it (the alert rule "payouts waiting" reads this), and both nodes read.
    expect(
      await metric('vaultline_chain_payouts_open{network="BSC",status="approval"}'),
    ).toBeGreaterThanOrEqual(1);
    for (const network of ['ETH', 'BSC']) {
      expect(await metric(`vaultline_chain_rpc_up{network="${network}"}`), network).toBe(1);
      expect(await metric(`vaultline_chain_lag_blocks{network="${network}"}`), network).toBeLessThan(5);
    }
    const queue = (await admin$('GET', '/api/Admin/chains/payouts?view=waiting')).json().content;
    const item = queue.items.find((p: { reference: string }) => p.reference === e.id);
    expect(item).toMatchObject({
      status: 'approval',
      reason: 'overLimit',
      ticker: 'BNB',
      // Valued when it was to be signed: the BNB it pays at the rate service's price (580).
      usdValue: toPlain(new Decimal(item.amount).mul(580).toDecimalPlaces(2)),
      approved: false,
    });
    // Not for users.
    const user = await makeUser(t);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/Admin/chains/payouts/${item.id}/send`,
          token: user.token,
        })
      ).statusCode,
    ).toBe(403);
    const sent = await admin$('POST', `/api/Admin/chains/payouts/${item.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await admin$('POST', `/api/Admin/chains/payouts/${item.id}/send`)).json().error.code).toBe(
      'PAYOUT_NOT_WAITING',
    );
    await waitFor(async () => (await statusOf(e.id)) === 'sent', 20_000, 'sent');
    await chains.bsc.mine(1);
    await waitFor(
      async () => (await publicView(t, e.id)).status === TransactionStatus.success,
      20_000,
      'success',
    );
    const audit = await t.services.db.select().from(auditLog).where(eq(auditLog.targetId, item.id));
    expect(audit.map((a) => a.action)).toEqual(['payout.send']);
  }, 60_000);

  it('past the daily cap of automatic payouts: waits for approval', async () => {
    const a = await paid('0.04'); // about 133 USD when signed: automatic
    await waitFor(async () => (await statusOf(a.id)) === 'sent', 20_000, 'first sent');
    const b = await paid('0.04'); // about 267 USD in 24 h: still under 300
    await waitFor(async () => (await statusOf(b.id)) === 'sent', 20_000, 'second sent');
    const c = await paid('0.04'); // about 400 USD: over the cap
    await waitFor(async () => (await statusOf(c.id)) === 'approval', 20_000, 'third waits');
    expect((await payoutsOf(t, c.id))[0]?.reason).toBe('overDailyCap');
    await chains.bsc.mine(1);
    await waitFor(
      async () => (await publicView(t, b.id)).status === TransactionStatus.success,
      20_000,
      'success',
    );
  }, 60_000);
});

describe('the hot wallet', () => {
  it('too little for the payout: waits with an alert, and goes out once topped up', async () => {
    const before = await chains.bsc.public.getBalance({ address: chains.hot.BSC as Hex });
    await chains.bsc.test.setBalance({ address: chains.hot.BSC as Hex, value: parseEther('0.01') });
    // The daily cap is used up by now: an admin approves it, and it still cannot go.
    const e = await paid('0.04');
    await waitFor(async () => (await statusOf(e.id)) === 'approval', 20_000, 'approval');
    const [p] = await payoutsOf(t, e.id);
    await admin$('POST', `/api/Admin/chains/payouts/${p?.id}/send`);
    await waitFor(async () => (await statusOf(e.id)) === 'funds', 20_000, 'funds');
    expect(lines.some((l) => l.includes('ALERT hot wallet') && l.includes('BNB'))).toBe(true);
    expect((await exchangeRow(t, e.id)).status).toBe(TransactionStatus.pending);
    const status = (await admin$('GET', '/api/Admin/chains')).json().content;
    expect(status.networks.find((n: { network: string }) => n.network === 'BSC')).toMatchObject({
      rpcOk: true,
      hotWallet: { address: chains.hot.BSC },
      // This one, and the one over the daily cap above.
      payoutsWaiting: 2,
    });
    await chains.bsc.test.setBalance({ address: chains.hot.BSC as Hex, value: before });
    await waitFor(async () => (await statusOf(e.id)) === 'sent', 20_000, 'sent after top-up');
    await chains.bsc.mine(1);
    await waitFor(
      async () => (await publicView(t, e.id)).status === TransactionStatus.success,
      20_000,
      'success',
    );
  }, 60_000);

  it('a payout that reverts on chain is failed and held; Retry signs a new one that succeeds', async () => {
    const to = '0x6666666666666666666666666666666666666601';
    const e = await paid('0.04', to);
    await waitFor(async () => (await statusOf(e.id)) === 'approval', 20_000, 'approval');
    const [p] = await payoutsOf(t, e.id);
    await admin$('POST', `/api/Admin/chains/payouts/${p?.id}/send`);
    await waitFor(async () => (await statusOf(e.id)) === 'sent', 20_000, 'sent');
    // The destination becomes a contract that refuses coins before the block is mined.
    await chains.bsc.test.setCode({ address: to, bytecode: '0xfe' });
    await chains.bsc.mine(1);
    await waitFor(async () => (await statusOf(e.id)) === 'failed', 20_000, 'failed');
    expect((await payoutsOf(t, e.id))[0]?.reason).toBe('reverted');
    expect(await exchangeRow(t, e.id)).toMatchObject({
      status: TransactionStatus.pending,
      holdReason: 'payoutFailed',
    });
    await chains.bsc.test.setCode({ address: to, bytecode: '0x' });
    const retried = await admin$('POST', `/api/Admin/chains/payouts/${p?.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().content).toMatchObject({ status: 'queued', approved: true });
    await waitFor(
      async () => (await payoutsOf(t, e.id)).some((x) => x.status === 'sent'),
      20_000,
      'retry sent',
    );
    await chains.bsc.mine(1);
    await waitFor(
      async () => (await publicView(t, e.id)).status === TransactionStatus.success,
      20_000,
      'success',
    );
    const all = await payoutsOf(t, e.id);
    expect(all.map((x) => x.status).sort()).toEqual(['confirmed', 'failed']);
    expect(all[0]?.txHash).not.toBe(all[1]?.txHash);
    expect(await auditClean(t)).toBe(true);
  }, 60_000);

  it('lists the transfers seen with their confirmations for the back office', async () => {
    const page = (await admin$('GET', '/api/Admin/chains/deposits?pageSize=50')).json().content;
    expect(page.total).toBeGreaterThanOrEqual(5);
    expect(page.items[0]).toMatchObject({ network: 'ETH', ticker: 'ETH', status: 'final', forUser: false });
    expect(page.items[0].txUrl).toMatch(/^https:\/\/explorer\.test\/eth\/tx\/0x/);
  });
});
