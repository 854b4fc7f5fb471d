import { Decimal, TransactionStatus } from '@vaultline/shared';
import { eq, sql } from 'drizzle-orm';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestExchanges, journalEntries } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import { makeUser } from '../ledger/ledger.test-helpers';
import {
  auditClean,
  type Chains,
  chainApp,
  createChainExchange,
  deposit,
  depositsTo,
  exchangeRow,
  GUEST,
  payoutsOf,
  publicView,
  startChains,
  units,
  waitFor,
} from './chain.test-helpers';
import type { DevChain } from './evm/dev-chain';

// The received-amount rules, applied by themselves once the deposits are final (DECISIONS §10):
// the quote when exactly the quote arrived in time; a requote at today's rate for another amount or
// a late one; a refund below the minimum; several deposits summed; anything after settlement sent
// back or held. Every case ends with a clean ledger audit.
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

/** The exchange's time is up (its creation set back past the window), and the expiry pass runs. */
async function timeUp(id: string) {
  await t.services.db
    .update(guestExchanges)
    .set({ creationDate: sql`now() - interval '31 minutes'` })
    .where(eq(guestExchanges.id, id));
  return t.services.exchange.expire();
}

/**
 * Mines until the exchange's payout (or refund) is broadcast, then mines it to its confirmations
 * (it settles the exchange only then); returns the final view.
 */
async function settle(id: string, payoutChain: DevChain) {
  await chains.eth.mine(2);
  await waitFor(
    async () => (await payoutsOf(t, id)).some((p) => p.status === 'sent'),
    20_000,
    'a payout sent',
  );
  await payoutChain.mine(2);
  return waitFor(
    async () => {
      const v = await publicView(t, id);
      return v.status === TransactionStatus.success || v.status === TransactionStatus.failed ? v : undefined;
    },
    20_000,
    'the exchange settled',
  );
}

const bnbOf = (address: string) => chains.bsc.public.getBalance({ address: address as Hex });

describe('what arrives decides the settlement', () => {
  it('an under-payment waits for the rest until its time is up, then is requoted for what arrived', async () => {
    const e = await createChainExchange(t, 'ETH', 'BNB', '0.05', {
      destinationWalletAddress: '0x4444444444444444444444444444444444444401',
    });
    await deposit(chains.eth, e.adminWalletAddress, '0.04');
    await chains.eth.mine(2);
    const waiting = await waitFor(
      async () => {
        const v = await publicView(t, e.id);
        return v.amountReceived === '0.04' ? v : undefined;
      },
      20_000,
      'the part received',
    );
    expect(waiting).toMatchObject({ status: TransactionStatus.pending, stage: 'awaitingDeposit' });
    expect(await payoutsOf(t, e.id)).toEqual([]);
    // Its time is up: the expiry pass settles it with what arrived.
    expect(await timeUp(e.id)).toBeGreaterThanOrEqual(1);
    const done = await settle(e.id, chains.bsc);
    expect(done.status).toBe(TransactionStatus.success);
    const row = await exchangeRow(t, e.id);
    expect(row).toMatchObject({
      chainResolution: 'requote',
      amount: '0.04',
      quotedAmount: '0.05',
      amountReceived: '0.04',
    });
    expect(new Decimal(row.destinationAmount).lt(e.destinationAmount)).toBe(true);
    expect(await bnbOf('0x4444444444444444444444444444444444444401')).toBe(units(row.destinationAmount, 18));
    const mails = await t.services.mail.outbox({ to: 'chain.guest@example.com', limit: 50 });
    expect(
      mails.some((m) => m.subject === 'Your Vaultline exchange was requoted' && m.body.includes(e.id)),
    ).toBe(true);
  }, 60_000);

  it('an over-payment is requoted too: the guest gets what the whole amount buys', async () => {
    const to = '0x4444444444444444444444444444444444444402';
    const e = await createChainExchange(t, 'ETH', 'BNB', '0.05', { destinationWalletAddress: to });
    await deposit(chains.eth, e.adminWalletAddress, '0.06');
    await settle(e.id, chains.bsc);
    const row = await exchangeRow(t, e.id);
    expect(row).toMatchObject({
      chainResolution: 'requote',
      amount: '0.06',
      status: TransactionStatus.success,
    });
    expect(new Decimal(row.destinationAmount).gt(e.destinationAmount)).toBe(true);
    expect(await bnbOf(to)).toBe(units(row.destinationAmount, 18));
  }, 60_000);

  it('two deposits to one address are summed: together the quote, so settled at the quote', async () => {
    const to = '0x4444444444444444444444444444444444444403';
    const e = await createChainExchange(t, 'ETH', 'BNB', '0.05', { destinationWalletAddress: to });
    await deposit(chains.eth, e.adminWalletAddress, '0.03');
    await chains.eth.mine(1);
    // The first is final (2 confirmations) before the second arrives: nothing is paid yet.
    await waitFor(async () => (await depositsTo(t, e.id))[0]?.status === 'final', 20_000, 'the first final');
    await deposit(chains.eth, e.adminWalletAddress, '0.02');
    expect((await payoutsOf(t, e.id)).length).toBe(0);
    const done = await settle(e.id, chains.bsc);
    expect(done.status).toBe(TransactionStatus.success);
    const row = await exchangeRow(t, e.id);
    expect(row).toMatchObject({ chainResolution: 'quote', amountReceived: '0.05', amount: '0.05' });
    expect(await bnbOf(to)).toBe(units(e.destinationAmount, 18));
    expect((await depositsTo(t, e.id)).map((d) => d.amount).sort()).toEqual(['0.02', '0.03']);
  }, 60_000);

  it('a deposit after the exchange expired is late: it is requoted at the current rate, never lost', async () => {
    const to = '0x4444444444444444444444444444444444444404';
    const e = await createChainExchange(t, 'ETH', 'BNB', '0.05', { destinationWalletAddress: to });
    expect(await timeUp(e.id)).toBeGreaterThanOrEqual(1);
    expect((await exchangeRow(t, e.id)).status).toBe(TransactionStatus.failed);
    await deposit(chains.eth, e.adminWalletAddress, '0.05');
    await waitFor(
      async () => (await publicView(t, e.id)).status === TransactionStatus.pending,
      20_000,
      'late deposit seen',
    );
    await settle(e.id, chains.bsc);
    const row = await exchangeRow(t, e.id);
    expect(row).toMatchObject({
      status: TransactionStatus.success,
      chainResolution: 'requote',
      adminNotes: null,
    });
    expect(await bnbOf(to)).toBe(units(row.destinationAmount, 18));
  }, 60_000);

  it('below the minimum it is refunded to the refund address, on the network it came from', async () => {
    const refund = '0x5555555555555555555555555555555555555501';
    const e = await createChainExchange(t, 'ETH', 'BNB', '0.05', { refundWalletAddress: refund });
    await deposit(chains.eth, e.adminWalletAddress, '0.01');
    await chains.eth.mine(2);
    await waitFor(async () => (await publicView(t, e.id)).amountReceived === '0.01', 20_000, 'received');
    await timeUp(e.id);
    const done = await settle(e.id, chains.eth);
    expect(done.status).toBe(TransactionStatus.failed);
    const row = await exchangeRow(t, e.id);
    expect(row).toMatchObject({ chainResolution: 'refund', refundAddress: refund });
    expect(row.refundedAt).not.toBeNull();
    expect(await chains.eth.public.getBalance({ address: refund })).toBe(units('0.01', 18));
    expect(done.payoutUrl).toBe(`https://explorer.test/eth/tx/${done.payoutHash}`);
  }, 60_000);

  it('with no refund address, it is held for an admin with the reason, who refunds it', async () => {
    const e = await createChainExchange(t, 'ETH', 'BNB', '0.05');
    await deposit(chains.eth, e.adminWalletAddress, '0.01');
    await chains.eth.mine(2);
    await waitFor(async () => (await publicView(t, e.id)).amountReceived === '0.01', 20_000, 'received');
    await timeUp(e.id);
    const held = await waitFor(
      async () => {
        const r = await exchangeRow(t, e.id);
        return r.holdReason ? r : undefined;
      },
      20_000,
      'held',
    );
    expect(held).toMatchObject({
      holdReason: 'noRefundAddress',
      status: TransactionStatus.pending,
      amountReceived: '0.01',
    });
    expect((await publicView(t, e.id)).stage).toBe('review');
    const admin = await makeUser(t, { role: 'admin' });
    const refund = '0x5555555555555555555555555555555555555502';
    const res = await t.request({
      method: 'POST',
      url: `/api/Admin/anonymousExchanges/refund?exchangeId=${e.id}`,
      token: admin.token,
      payload: { notes: '', refundAddress: refund },
    });
    expect(res.statusCode, res.body).toBe(200);
    await waitFor(async () => (await payoutsOf(t, e.id))[0]?.status === 'sent', 20_000, 'refund sent');
    await chains.eth.mine(2);
    await waitFor(
      async () => (await exchangeRow(t, e.id)).status === TransactionStatus.failed,
      20_000,
      'refunded',
    );
    expect(await chains.eth.public.getBalance({ address: refund })).toBe(units('0.01', 18));
  }, 60_000);

  it('a transfer after settlement, or in another asset, is sent back to the refund address', async () => {
    const refund = '0x5555555555555555555555555555555555555503';
    const e = await createChainExchange(t, 'ETH', 'BNB', '0.05', {
      refundWalletAddress: refund,
      destinationWalletAddress: '0x4444444444444444444444444444444444444405',
    });
    await deposit(chains.eth, e.adminWalletAddress, '0.05');
    await settle(e.id, chains.bsc);
    // After success: 0.02 ETH more, and 10 USDT to the same (ETH) address.
    await deposit(chains.eth, e.adminWalletAddress, '0.02');
    await deposit(chains.eth, e.adminWalletAddress, '10', true);
    await chains.eth.mine(2);
    await waitFor(
      async () => (await depositsTo(t, e.id)).filter((d) => d.holdReason).length === 2,
      20_000,
      'both extras final',
    );
    const extras = (await depositsTo(t, e.id)).filter((d) => d.holdReason);
    expect(extras.map((d) => d.holdReason).sort()).toEqual(['afterSettlement', 'wrongAsset']);
    await waitFor(
      async () => {
        const ps = await Promise.all(extras.map((d) => payoutsOf(t, d.id)));
        return ps.every((p) => p[0]?.status === 'sent');
      },
      20_000,
      'refunds sent',
    );
    await chains.eth.mine(2);
    await waitFor(
      async () => {
        const ps = await Promise.all(extras.map((d) => payoutsOf(t, d.id)));
        return ps.every((p) => p[0]?.status === 'confirmed');
      },
      20_000,
      'refunds confirmed',
    );
    expect(await chains.eth.public.getBalance({ address: refund })).toBe(units('0.02', 18));
    const refunds = await t.services.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.kind, 'chain_deposit_refund'));
    expect(refunds.map((r) => r.reference).sort()).toEqual(extras.map((d) => d.id).sort());
    // The exchange itself stays as it was.
    expect((await exchangeRow(t, e.id)).status).toBe(TransactionStatus.success);
  }, 60_000);

  it('leaves a ledger that audits clean, with each transfer booked once', async () => {
    expect(await auditClean(t)).toBe(true);
    const booked = await t.services.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.kind, 'chain_deposit'));
    expect(new Set(booked.map((b) => b.reference)).size).toBe(booked.length);
    expect(GUEST.ETH).toBeTruthy();
  });
});
