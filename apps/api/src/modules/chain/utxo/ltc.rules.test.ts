import { randomBytes } from 'node:crypto';
import { Decimal, TransactionStatus } from '@vaultline/shared';
import { eq, sql } from 'drizzle-orm';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestExchanges } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import {
  auditClean,
  createChainExchange,
  exchangeRow,
  payoutsOf,
  publicView,
  units,
  waitFor,
} from '../chain.test-helpers';
import { type LtcChains, ltcApp, pay, startLtcChains } from './ltc.test-helpers';

// The received-amount rules (DECISIONS §10; chain.rules.test.ts on ETH) hold for LTC deposits as
// they are: another amount than the quote, under or over, is requoted for what arrived once the
// deposit is final (an under-payment only once the exchange's time is up: the rest may still come),
// and the guest is paid exactly what the requote says, on chain.
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

const freshEthAddress = () => `0x${randomBytes(20).toString('hex')}`;

/** The exchange's time is up (its creation set back past the window), and the expiry pass runs. */
async function timeUp(id: string) {
  await t.services.db
    .update(guestExchanges)
    .set({ creationDate: sql`now() - interval '31 minutes'` })
    .where(eq(guestExchanges.id, id));
  return t.services.exchange.expire();
}

/** Waits for the ETH payout to be broadcast, mines it to its confirmations; the final view. */
async function paidOut(id: string) {
  await waitFor(async () => (await payoutsOf(t, id)).some((p) => p.status === 'sent'), 30_000, 'payout sent');
  await chains.evm.eth.mine(3);
  return waitFor(
    async () => {
      const v = await publicView(t, id);
      return v.status === TransactionStatus.success || v.status === TransactionStatus.failed ? v : undefined;
    },
    30_000,
    'the exchange settled',
  );
}

describe('LTC deposits follow the received-amount rules', () => {
  it('an under-payment waits for the rest until its time is up, then is requoted for what arrived', async () => {
    const guest = freshEthAddress();
    const e = await createChainExchange(t, 'LTC', 'ETH', '1.5', { destinationWalletAddress: guest });
    await pay(chains.ltc, { [e.adminWalletAddress]: '1.2' });
    await chains.ltc.mine(6);
    const waiting = await waitFor(
      async () => {
        const v = await publicView(t, e.id);
        return v.amountReceived === '1.2' ? v : undefined;
      },
      20_000,
      'the part received',
    );
    expect(waiting).toMatchObject({ status: TransactionStatus.pending, stage: 'awaitingDeposit' });
    // Final, and still nothing is paid: the rest may come while the exchange's time runs.
    await chains.ltc.mine(2);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await payoutsOf(t, e.id)).toEqual([]);
    expect(await timeUp(e.id)).toBeGreaterThanOrEqual(1);
    const done = await paidOut(e.id);
    expect(done.status).toBe(TransactionStatus.success);
    const row = await exchangeRow(t, e.id);
    expect(row).toMatchObject({
      chainResolution: 'requote',
      amount: '1.2',
      quotedAmount: '1.5',
      amountReceived: '1.2',
    });
    expect(new Decimal(row.destinationAmount).lt(e.destinationAmount)).toBe(true);
    expect(await chains.evm.eth.public.getBalance({ address: guest as Hex })).toBe(
      units(row.destinationAmount, 18),
    );
    expect(await auditClean(t)).toBe(true);
  }, 90_000);

  it('an over-payment is requoted too: the guest gets what the whole amount buys', async () => {
    const guest = freshEthAddress();
    const e = await createChainExchange(t, 'LTC', 'ETH', '1.5', { destinationWalletAddress: guest });
    await pay(chains.ltc, { [e.adminWalletAddress]: '1.8' });
    await chains.ltc.mine(6);
    const done = await paidOut(e.id);
    expect(done.status).toBe(TransactionStatus.success);
    const row = await exchangeRow(t, e.id);
    expect(row).toMatchObject({
      chainResolution: 'requote',
      amount: '1.8',
      quotedAmount: '1.5',
      amountReceived: '1.8',
    });
    expect(new Decimal(row.destinationAmount).gt(e.destinationAmount)).toBe(true);
    expect(await chains.evm.eth.public.getBalance({ address: guest as Hex })).toBe(
      units(row.destinationAmount, 18),
    );
    expect(await auditClean(t)).toBe(true);
  }, 90_000);
});
