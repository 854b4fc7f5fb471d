import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { Decimal, TransactionStatus } from '@vaultline/shared';
import { and, eq } from 'drizzle-orm';
import { erc20Abi, type Hex, parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, journalEntries } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import { makeUser } from '../ledger/ledger.test-helpers';
import {
  auditClean,
  type Chains,
  chainApp,
  createChainExchange,
  deployRefuser,
  deposit,
  exchangeRow,
  GUEST,
  payoutsOf,
  startChains,
  units,
  waitFor,
} from './chain.test-helpers';

// Issue 29, point 10: a payout the network refuses (a contract that refuses coins, an address the
// token blocks) gets a state and a reason of its own and never holds up the others; a signed payout
// the node refuses does not stop the pass; an admin cancels such a payout, or redirects it to the
// exchange's refund address, which pays the refund only.
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
  const logs = new Writable({
    write(chunk, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
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

const admin$ = (method: 'GET' | 'POST', url: string, token = admin.token) =>
  t.request({ method, url, token });
const onlyPayout = async (reference: string) => {
  const [p] = await payoutsOf(t, reference);
  if (!p) throw new Error(`no payout for ${reference}`);
  return p;
};
/** A payout the house owes, asked for directly (a refund of a transfer, approved or not). */
async function ask(ticker: string, to: string, amount: string, approvedBy?: string) {
  const reference = randomUUID();
  await t.services.db.transaction((tx) =>
    t.services.chain.requestPayout(tx, {
      ticker,
      to,
      amount: new Decimal(amount),
      usdValue: new Decimal(1),
      purpose: 'deposit_refund',
      reference,
      ...(approvedBy ? { approvedBy } : {}),
    }),
  );
  return reference;
}
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
    const first = await ask('BNB', g1, '0.01', admin.id);
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
        (await onlyPayout(refused)).status === 'signed' && (await onlyPayout(first)).status === 'sent',
      20_000,
      'both signed',
    );
    // The pass goes on: the payout signed before it is followed to the end.
    await chains.bsc.mine(1);
    await waitFor(
      async () => (await onlyPayout(first)).status === 'confirmed',
      20_000,
      'the other confirmed',
    );
    expect(await chains.bsc.public.getBalance({ address: g1 })).toBe(units('0.01', 18));
    const p = await onlyPayout(refused);
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
    await waitFor(async () => (await onlyPayout(refused)).status === 'sent', 20_000, 'sent once taken');
    await chains.bsc.mine(1);
    await waitFor(async () => (await onlyPayout(refused)).status === 'confirmed', 20_000, 'confirmed');
    const done = await onlyPayout(refused);
    expect(done.txHash).toBe(p.txHash);
    expect(done.reason).toBeNull();
    expect(await tokenBalance(g2)).toBe(units('5', 18));
  }, 90_000);
});

describe('a payout the network refuses', () => {
  it('twenty of them never hold up a good one; each is blocked with the node’s reason, no false alert', async () => {
    const bad: string[] = [];
    for (let i = 0; i < 20; i++) bad.push(await ask('BNB', refuser, '0.01'));
    const good = await paidExchange('BNB', '0.04', { destinationWalletAddress: GUEST.BNB });
    await waitFor(async () => (await onlyPayout(good.id)).status === 'sent', 30_000, 'the good one sent');
    await chains.bsc.mine(1);
    await waitFor(
      async () => (await exchangeRow(t, good.id)).status === TransactionStatus.success,
      20_000,
      'the good one paid',
    );
    await waitFor(
      async () => {
        for (const r of bad) if ((await onlyPayout(r)).status !== 'blocked') return false;
        return true;
      },
      20_000,
      'all twenty blocked',
    );
    for (const r of bad) {
      const p = await onlyPayout(r);
      expect(p).toMatchObject({ status: 'blocked', reason: 'unpayable', txHash: null, nonce: null });
      expect(p.lastError).toMatch(/coins refused|revert/i);
    }
    // The hot wallet holds plenty: no alert says otherwise; the refusal is reported instead.
    expect(lines.some((l) => l.includes('ALERT hot wallet'))).toBe(false);
    const first = await onlyPayout(bad[0] as string);
    expect(lines.some((l) => l.includes(`the network refuses payout ${first.id}`))).toBe(true);
    // Nothing left the hot wallet for them.
    expect(await chains.bsc.public.getBalance({ address: refuser })).toBe(0n);
    const page = (await admin$('GET', '/api/Admin/chains/payouts?view=waiting&pageSize=50')).json().content;
    const item = page.items.find((p: { reference: string }) => p.reference === bad[0]);
    expect(item).toMatchObject({ status: 'blocked', reason: 'unpayable' });
    expect(item.lastError).toMatch(/coins refused|revert/i);
  }, 120_000);

  it('a token payout to an address the token blocks: redirected by an admin, only the refund is paid', async () => {
    const blocked = '0x4444444444444444444444444444444444444401';
    await chains.bsc.mined(
      await chains.bsc.wallet.writeContract({
        account: chains.bsc.accounts[0] as Hex,
        chain: null,
        address: chains.bsc.token as Hex,
        abi: parseAbi(['function setBlackListed(address who, bool blocked)']),
        functionName: 'setBlackListed',
        args: [blocked, true],
      }),
    );
    const refundTo = '0x3333333333333333333333333333333333333302';
    const e = await paidExchange('USDT-BEP20', '0.05', {
      destinationWalletAddress: blocked,
      refundWalletAddress: refundTo,
    });
    await waitFor(async () => (await onlyPayout(e.id)).status === 'blocked', 20_000, 'blocked');
    const p = await onlyPayout(e.id);
    expect(p.reason).toBe('unpayable');
    expect(p.lastError).toMatch(/blacklisted/);
    expect(await exchangeRow(t, e.id)).toMatchObject({
      status: TransactionStatus.pending,
      payoutStatus: 'blocked',
    });

    const user = await makeUser(t);
    expect((await admin$('POST', `/api/Admin/chains/payouts/${p.id}/redirect`, user.token)).statusCode).toBe(
      403,
    );
    const res = await admin$('POST', `/api/Admin/chains/payouts/${p.id}/redirect`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toMatchObject({ id: p.id, status: 'cancelled', reason: 'redirected' });
    // Once only.
    const again = await admin$('POST', `/api/Admin/chains/payouts/${p.id}/redirect`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('PAYOUT_NOT_CANCELLABLE');

    const refund = await waitFor(
      async () => (await payoutsOf(t, e.id)).find((x) => x.purpose === 'exchange_refund'),
      20_000,
      'the refund asked for',
    );
    expect(refund).toMatchObject({ network: 'ETH', toAddress: refundTo, amount: '0.05' });
    expect(refund.approvedBy).toBe(admin.id);
    await waitFor(
      async () =>
        (await payoutsOf(t, e.id)).some((x) => x.purpose === 'exchange_refund' && x.status === 'sent'),
      20_000,
      'the refund sent',
    );
    await chains.eth.mine(1);
    await waitFor(
      async () => (await exchangeRow(t, e.id)).status === TransactionStatus.failed,
      20_000,
      'refunded',
    );
    expect(await chains.eth.public.getBalance({ address: refundTo })).toBe(units('0.05', 18));
    expect(await tokenBalance(blocked)).toBe(0n);
    // The ledger has the refund and no payout of this exchange.
    const entries = await t.services.db
      .select({ kind: journalEntries.kind })
      .from(journalEntries)
      .where(eq(journalEntries.reference, e.id));
    expect(entries.map((x) => x.kind)).toEqual(['guest_exchange_refund']);
    const audit = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, p.id), eq(auditLog.action, 'payout.redirect')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorId).toBe(admin.id);
    // A payout on its way can be neither cancelled nor redirected.
    const done = await waitFor(
      async () =>
        (await payoutsOf(t, e.id)).find((x) => x.purpose === 'exchange_refund' && x.status === 'confirmed'),
      20_000,
      'refund confirmed',
    );
    for (const action of ['cancel', 'redirect']) {
      const r = await admin$('POST', `/api/Admin/chains/payouts/${done.id}/${action}`);
      expect(r.statusCode).toBe(409);
      expect(r.json().error.code).toBe('PAYOUT_NOT_CANCELLABLE');
    }
    expect(await auditClean(t)).toBe(true);
  }, 120_000);

  it('cancel: the exchange goes back to an admin’s decision; no refund address, no redirect; refunds are never redirected', async () => {
    const e = await paidExchange('BNB', '0.04', { destinationWalletAddress: refuser });
    await waitFor(async () => (await onlyPayout(e.id)).status === 'blocked', 20_000, 'blocked');
    const p = await onlyPayout(e.id);
    const noAddress = await admin$('POST', `/api/Admin/chains/payouts/${p.id}/redirect`);
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().error.code).toBe('NO_REFUND_ADDRESS');
    expect((await onlyPayout(e.id)).status).toBe('blocked');
    const missing = await admin$('POST', `/api/Admin/chains/payouts/${randomUUID()}/cancel`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('PAYOUT_NOT_FOUND');

    const cancelled = await admin$('POST', `/api/Admin/chains/payouts/${p.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().content).toMatchObject({ status: 'cancelled', reason: 'cancelled' });
    expect(await exchangeRow(t, e.id)).toMatchObject({
      status: TransactionStatus.pending,
      holdReason: 'payoutCancelled',
      chainResolution: null,
      payoutStatus: 'cancelled',
    });
    // The admin decides: a refund to an address they enter (the Pending transactions page).
    const refundTo = '0x3333333333333333333333333333333333333303';
    const refunded = await t.request({
      method: 'POST',
      url: `/api/Admin/anonymousExchanges/refund?exchangeId=${e.id}`,
      token: admin.token,
      payload: { notes: '', refundAddress: refundTo },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refund = await waitFor(
      async () =>
        (await payoutsOf(t, e.id)).find((x) => x.purpose === 'exchange_refund' && x.status === 'sent'),
      20_000,
      'refund sent',
    );
    // A refund is sent back to where the guest asked: it has no refund address to be redirected to.
    const r = await admin$('POST', `/api/Admin/chains/payouts/${refund.id}/redirect`);
    expect(r.statusCode).toBe(409);
    expect(r.json().error.code).toBe('PAYOUT_NOT_CANCELLABLE');
    await chains.eth.mine(1);
    await waitFor(
      async () => (await exchangeRow(t, e.id)).status === TransactionStatus.failed,
      20_000,
      'refunded',
    );
    expect(await chains.eth.public.getBalance({ address: refundTo })).toBe(units('0.04', 18));
    expect(await chains.bsc.public.getBalance({ address: refuser })).toBe(0n);
    const actions = await t.services.db.select().from(auditLog).where(eq(auditLog.targetId, p.id));
    expect(actions.map((a) => a.action)).toEqual(['payout.cancel']);
  }, 120_000);

  it('a blocked refund cannot be redirected (only cancelled)', async () => {
    const reference = await ask('BNB', refuser, '0.01', admin.id);
    await waitFor(async () => (await onlyPayout(reference)).status === 'blocked', 20_000, 'blocked');
    const p = await onlyPayout(reference);
    const r = await admin$('POST', `/api/Admin/chains/payouts/${p.id}/redirect`);
    expect(r.statusCode).toBe(409);
    expect(r.json().error.code).toBe('PAYOUT_NOT_REDIRECTABLE');
    const c = await admin$('POST', `/api/Admin/chains/payouts/${p.id}/cancel`);
    expect(c.statusCode, c.body).toBe(200);
    expect((await onlyPayout(reference)).status).toBe('cancelled');
  }, 60_000);
});
