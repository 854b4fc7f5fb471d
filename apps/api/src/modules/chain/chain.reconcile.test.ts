import { Decimal } from '@vaultline/shared';
import { and, eq } from 'drizzle-orm';
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
  payoutsOf,
  publicView,
  startChains,
  waitFor,
} from './chain.test-helpers';
import type { NetworkId } from './chain-networks';

// The books against the chain (docs/chains.md, "The books match the chain"), on real local nodes:
// the hot wallets' funding is booked as the operator's transfers in; deposits and payouts keep it
// clean at every step (what is in flight is not a difference); coins sent to a hot wallet from
// outside the books are one, in the stored check, the admin's Networks page, the metric and an
// ALERT line, until they are booked.
let chains: Chains;
let t: TestApp;
let admin: { id: string; token: string };
const lines: string[] = [];
const METRICS = 'reconcile-metrics-token-0123456789';

beforeAll(async () => {
  chains = await startChains({ confirmations: 3 });
  const logs = logLines(lines);
  t = await chainApp(chains, { LOG_LEVEL: 'warn', METRICS_TOKEN: METRICS }, logs);
  admin = await makeUser(t, { role: 'admin' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await chains?.stop();
});

/** Reconciles a network now (its job's next pass) and returns its rows by ticker. */
async function check(network: NetworkId) {
  const rows = await t.services.chain.reconcile(network);
  if (!rows) throw new Error(`${network} was not reconciled`);
  return Object.fromEntries(rows.map((r) => [r.ticker, r]));
}
/** Every asset of both networks is clean. */
async function clean() {
  for (const network of ['ETH', 'BSC'] as const)
    for (const r of Object.values(await check(network)))
      expect(new Decimal(r.difference).isZero(), `${network} ${r.ticker}: ${JSON.stringify(r)}`).toBe(true);
}
const book = (network: string, payload: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: `/api/Admin/chains/${network}/operatorTransfers`,
    token: admin.token,
    payload,
  });
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
async function metric(sample: string): Promise<number | undefined> {
  const res = await t.request({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS}` },
  });
  const line = res.body.split('\n').find((l) => l.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.slice(sample.length + 1));
}

describe('the books match the chain', () => {
  it("the hot wallets' funding is a difference until the operator books it; bad bookings change nothing", async () => {
    const before = await check('ETH');
    expect(before.ETH).toMatchObject({ chainHeld: '100', ledgerHeld: '0', inFlight: '0', difference: '100' });
    expect(before.USDT).toMatchObject({ chainHeld: '100000', difference: '100000' });

    // Bad input: a clear error, nothing booked.
    expect(
      (await book('BTC', { ticker: 'BTC', direction: 'in', amount: '1', txHash: hash(1) })).json().error.code,
    ).toBe('NOT_WATCHED');
    expect(
      (await book('ETH', { ticker: 'BNB', direction: 'in', amount: '1', txHash: hash(1) })).json().error.code,
    ).toBe('NOT_WATCHED');
    const badHash = await book('ETH', { ticker: 'ETH', direction: 'in', amount: '1', txHash: 'abc' });
    expect([badHash.statusCode, badHash.json().error.code]).toEqual([400, 'INVALID_HASH']);
    const badAmount = await book('ETH', { ticker: 'ETH', direction: 'in', amount: '-1', txHash: hash(1) });
    expect(badAmount.statusCode).toBe(400);
    const tooFine = await book('ETH', {
      ticker: 'USDT',
      direction: 'in',
      amount: '0.0000001',
      txHash: hash(1),
    });
    expect([tooFine.statusCode, tooFine.json().error.code]).toEqual([400, 'VALIDATION']);
    const asUser = await makeUser(t);
    const refused = await t.request({
      method: 'POST',
      url: '/api/Admin/chains/ETH/operatorTransfers',
      token: asUser.token,
      payload: { ticker: 'ETH', direction: 'in', amount: '100', txHash: hash(1) },
    });
    expect(refused.statusCode).toBe(403);
    expect((await check('ETH')).ETH?.difference).toBe('100');

    const funding = [
      ['ETH', 'ETH', '100'],
      ['ETH', 'USDT', '100000'],
      ['BSC', 'BNB', '100'],
      ['BSC', 'USDT-BEP20', '100000'],
    ] as const;
    for (const [i, [network, ticker, amount]] of funding.entries()) {
      const res = await book(network, { ticker, direction: 'in', amount, txHash: hash(10 + i) });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Once per transfer.
    const again = await book('ETH', { ticker: 'ETH', direction: 'in', amount: '100', txHash: hash(10) });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'ALREADY_PROCESSED']);
    const audited = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'chain.operatorTransfer'), eq(auditLog.targetId, 'ETH')));
    expect(audited.length).toBe(2);
    await clean();
    expect(await auditClean(t)).toBe(true);
  }, 60_000);

  it('after deposits and payouts the reconciliation is clean; what is in flight is no difference', async () => {
    const alerts = () => lines.filter((l) => l.includes('books and the chain differ')).length;
    const alertsBefore = alerts();
    const e = await createChainExchange(t, 'ETH', 'BNB', '0.05');
    const u = await createChainExchange(t, 'USDT', 'ETH', '150');
    await deposit(chains.eth, e.adminWalletAddress, '0.05');
    await deposit(chains.eth, u.adminWalletAddress, '150', true);
    await waitFor(
      async () => (await publicView(t, e.id)).depositConfirmations === 2,
      20_000,
      'deposits seen',
    );
    // Seen, not final: on chain, not booked yet; in flight, no difference.
    const seen = await check('ETH');
    expect(seen.ETH).toMatchObject({
      chainHeld: '100.05',
      ledgerHeld: '100',
      inFlight: '0.05',
      difference: '0',
    });
    expect(seen.USDT).toMatchObject({
      chainHeld: '100150',
      ledgerHeld: '100000',
      inFlight: '150',
      difference: '0',
    });

    // The ETH deposit final and booked, its payout sent on BSC (not mined: nothing left the hot
    // wallet yet); the USDT one still in flight.
    await chains.eth.mine(1);
    await waitFor(
      async () => (await payoutsOf(t, e.id))[0]?.status === 'sent',
      20_000,
      'the BNB payout sent',
    );
    await clean();
    expect((await check('ETH')).ETH).toMatchObject({ ledgerHeld: '100.05', inFlight: '0' });
    expect((await check('ETH')).USDT).toMatchObject({ ledgerHeld: '100000', inFlight: '150' });
    await chains.eth.mine(1);
    await waitFor(
      async () => (await payoutsOf(t, u.id))[0]?.status === 'sent',
      20_000,
      'the ETH payout sent',
    );
    await clean();
    expect((await check('ETH')).USDT).toMatchObject({ ledgerHeld: '100150', inFlight: '0' });

    // Mined, not confirmed: gone on chain, not booked yet.
    await chains.eth.mine(1);
    await chains.bsc.mine(1);
    await waitFor(
      async () =>
        (await payoutsOf(t, e.id))[0]?.status === 'mined' &&
        (await payoutsOf(t, u.id))[0]?.status === 'mined',
      20_000,
      'both payouts mined',
    );
    const mined = await check('BSC');
    const payout = (await payoutsOf(t, e.id))[0];
    // Gone on chain: the amount and its fee.
    expect(new Decimal(mined.BNB?.inFlight ?? '0').neg().gt(payout?.amount ?? '0')).toBe(true);
    expect(mined.BNB?.difference).toBe('0');
    await clean();

    await chains.eth.mine(2);
    await chains.bsc.mine(2);
    await waitFor(
      async () => (await publicView(t, e.id)).status === 1 && (await publicView(t, u.id)).status === 1,
      20_000,
      'both exchanges done',
    );
    const done = await check('BSC');
    expect(done.BNB?.inFlight).toBe('0');
    await clean();
    expect(await auditClean(t)).toBe(true);
    expect(alerts()).toBe(alertsBefore);
  }, 90_000);

  it('coins sent to the hot wallet from outside the books are a difference: stored, shown, measured, alerted', async () => {
    await chains.eth.mined(
      await chains.eth.sendNative(chains.eth.accounts[2] as Hex, chains.hot.ETH, parseEther('1.5')),
    );
    await waitFor(async () => (await check('ETH')).ETH?.difference === '1.5', 20_000, 'the difference');
    expect((await check('ETH')).USDT?.difference).toBe('0');
    expect(await metric('vaultline_chain_reconciliation_difference{network="ETH",asset="ETH"}')).toBe(1.5);
    expect(await metric('vaultline_chain_reconciliation_difference{network="BSC",asset="BNB"}')).toBe(0);
    expect(lines.some((l) => l.includes('ALERT ETH: the books and the chain differ by 1.5 ETH'))).toBe(true);

    const status = await t.request({ method: 'GET', url: '/api/Admin/chains', token: admin.token });
    const eth = (status.json().content.networks as { network: string; reconciliation: unknown[] }[]).find(
      (n) => n.network === 'ETH',
    );
    expect(eth?.reconciliation).toContainEqual(expect.objectContaining({ ticker: 'ETH', difference: '1.5' }));
    expect(eth?.reconciliation).toContainEqual(expect.objectContaining({ ticker: 'USDT', difference: '0' }));

    // Booked as the operator's transfer in: clean again, and the metric says so.
    expect(
      (await book('ETH', { ticker: 'ETH', direction: 'in', amount: '1.5', txHash: hash(99) })).statusCode,
    ).toBe(200);
    await clean();
    expect(await metric('vaultline_chain_reconciliation_difference{network="ETH",asset="ETH"}')).toBe(0);
  }, 60_000);
});
