import { randomUUID } from 'node:crypto';
import { Decimal, TransactionStatus } from '@vaultline/shared';
import { and, eq } from 'drizzle-orm';
import { erc20Abi, type Hex, parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, journalEntries } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import { makeUser } from '../ledger/ledger.test-helpers';
import {
  askPayout,
  auditClean,
  type Chains,
  chainApp,
  createChainExchange,
  deployRefuser,
  deposit,
  exchangeRow,
  onlyPayout,
  payoutsOf,
  startChains,
  units,
  waitFor,
} from './chain.test-helpers';

// Issue 29, point 10: an admin cancels a payout that cannot go, or redirects an exchange's payout to
// its refund address, which pays the refund only (exactly once); audited, refused with clear codes
// where the payout's state does not allow it, and never both cancelled and paid when the job signs
// it at the same moment.
let chains: Chains;
let t: TestApp;
let admin: { id: string; token: string };
let refuser: Hex;
/** Set by a test: called inside the job's signing transaction of an automatic payout. */
let whileSigning: ((p: { id: string; reference: string }) => void) | undefined;

beforeAll(async () => {
  chains = await startChains({ confirmations: 1 });
  t = await chainApp(
    chains,
    { AUTO_PAYOUT_MAX_USD: '100000', AUTO_PAYOUT_DAILY_MAX_USD: '1000000' },
    undefined,
    { payoutHooks: { afterCapCheck: (p) => whileSigning?.(p) } },
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

describe('an admin ends a payout that cannot go', () => {
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
    await waitFor(async () => (await onlyPayout(t, e.id)).status === 'blocked', 20_000, 'blocked');
    const p = await onlyPayout(t, e.id);
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
    await waitFor(async () => (await onlyPayout(t, e.id)).status === 'blocked', 20_000, 'blocked');
    const p = await onlyPayout(t, e.id);
    const noAddress = await admin$('POST', `/api/Admin/chains/payouts/${p.id}/redirect`);
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().error.code).toBe('NO_REFUND_ADDRESS');
    expect((await onlyPayout(t, e.id)).status).toBe('blocked');
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
    const reference = await askPayout(t, {
      ticker: 'BNB',
      to: refuser,
      amount: '0.01',
      approvedBy: admin.id,
    });
    await waitFor(async () => (await onlyPayout(t, reference)).status === 'blocked', 20_000, 'blocked');
    const p = await onlyPayout(t, reference);
    const r = await admin$('POST', `/api/Admin/chains/payouts/${p.id}/redirect`);
    expect(r.statusCode).toBe(409);
    expect(r.json().error.code).toBe('PAYOUT_NOT_REDIRECTABLE');
    const c = await admin$('POST', `/api/Admin/chains/payouts/${p.id}/cancel`);
    expect(c.statusCode, c.body).toBe(200);
    expect((await onlyPayout(t, reference)).status).toBe('cancelled');
  }, 60_000);
});

describe('an admin cancelling while the job signs', () => {
  it('one of the two wins: never cancelled and paid, never a nonce left unused', async () => {
    const to = '0x5555555555555555555555555555555555555503';
    let cancel: Promise<{ statusCode: number; body: string }> | undefined;
    const racing = randomUUID();
    // The admin's Cancel goes out while the job is inside the transaction that signs the payout.
    whileSigning = (p) => {
      if (p.reference === racing && !cancel)
        cancel = admin$('POST', `/api/Admin/chains/payouts/${p.id}/cancel`);
    };
    await t.services.db.transaction((tx) =>
      t.services.chain.requestPayout(tx, {
        ticker: 'BNB',
        to,
        amount: new Decimal('0.01'),
        usdValue: new Decimal(5),
        purpose: 'deposit_refund',
        reference: racing,
      }),
    );
    await waitFor(async () => cancel !== undefined, 20_000, 'the job signing it');
    const res = await (cancel as Promise<{ statusCode: number; body: string }>);
    whileSigning = undefined;
    const p = await waitFor(
      async () => {
        const x = await onlyPayout(t, racing);
        return ['cancelled', 'sent'].includes(x.status) ? x : undefined;
      },
      20_000,
      'settled one way',
    );
    // Another payout after it: mined, so no nonce was skipped by the one that lost.
    const next = await askPayout(t, {
      ticker: 'BNB',
      to: '0x5555555555555555555555555555555555555504',
      amount: '0.01',
      approvedBy: admin.id,
    });
    await waitFor(async () => (await onlyPayout(t, next)).status === 'sent', 20_000, 'the next one sent');
    await chains.bsc.mine(1);
    await waitFor(
      async () => (await onlyPayout(t, next)).status === 'confirmed',
      20_000,
      'the next one paid',
    );
    if (res.statusCode === 200) {
      expect(p).toMatchObject({ status: 'cancelled', txHash: null, nonce: null });
      expect(await chains.bsc.public.getBalance({ address: to })).toBe(0n);
    } else {
      expect(res.statusCode, res.body).toBe(409);
      await waitFor(async () => (await onlyPayout(t, racing)).status === 'confirmed', 20_000, 'paid');
      expect(await chains.bsc.public.getBalance({ address: to })).toBe(units('0.01', 18));
    }
  }, 90_000);
});
