import { randomUUID } from 'node:crypto';
import { Decimal } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chainPayouts } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import { waitFor } from '../chain.test-helpers';
import { fundHot, hotOutputs, type LtcPayoutChains, ltcPayoutSuite } from './ltc.payouts.test-helpers';

// Issue 32, point 5 on a UTXO network with a hot wallet (litecoind -regtest): what the chain says the
// hot address holds counts in the books. Coins sent to it from outside the books raise the difference
// (the alert's metric) until the operator books them; a payout batch mined and not settled yet is in
// flight, so the books stay clean before, during and after it.
let chains: LtcPayoutChains;
let t: TestApp;
let admin: { id: string; token: string };
const METRICS = 'hot-books-metrics-token';

ltcPayoutSuite({ env: { METRICS_TOKEN: METRICS } }, (s) => {
  ({ chains, t, admin } = s);
});

async function check() {
  const r = (await t.services.chain.reconcile('LTC'))?.find((x) => x.ticker === 'LTC');
  if (!r) throw new Error('LTC was not reconciled');
  return r;
}
async function metric(): Promise<number | undefined> {
  const res = await t.request({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS}` },
  });
  const sample = 'vaultline_chain_reconciliation_difference{network="LTC",asset="LTC"}';
  const line = res.body.split('\n').find((l) => l.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.slice(sample.length + 1));
}
const payout = async (reference: string) =>
  (await t.services.db.select().from(chainPayouts).where(eq(chainPayouts.reference, reference)))[0];

describe('LTC: the hot wallet in the books', () => {
  it('coins from outside raise the difference until booked; a batch in flight keeps the books clean', async () => {
    expect(await check()).toMatchObject({ chainHeld: '0', ledgerHeld: '0', difference: '0' });

    // Two LTC sent to the hot address from outside the books: the chain holds them, the ledger not.
    const funding = await fundHot(t, chains, ['2']);
    expect(await check()).toMatchObject({ chainHeld: '2', ledgerHeld: '0', difference: '2' });
    expect(await metric()).toBe(2);

    // The operator books them as their own transfer in: clean.
    const booked = await t.request({
      method: 'POST',
      url: '/api/Admin/chains/LTC/operatorTransfers',
      token: admin.token,
      payload: { ticker: 'LTC', direction: 'in', amount: '2', txHash: funding },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(await check()).toMatchObject({ chainHeld: '2', ledgerHeld: '2', difference: '0' });

    // A payout leaves in a batch: mined (1 of 2 confirmations), not settled, so in flight.
    const reference = randomUUID();
    const to = await chains.ltc.rpc.call<string>('getnewaddress', ['', 'bech32']);
    await t.services.db.transaction((tx) =>
      t.services.chain.requestPayout(tx, {
        ticker: 'LTC',
        to,
        amount: new Decimal('0.5'),
        usdValue: new Decimal('1'),
        purpose: 'deposit_refund',
        reference,
        approvedBy: admin.id,
      }),
    );
    await waitFor(async () => (await payout(reference))?.status === 'sent', 20_000, 'sent');
    const txid = (await payout(reference))?.txHash as string;
    await chains.ltc.mine(1);
    await waitFor(
      async () => (await hotOutputs(t)).some((u) => u.spentTxid === txid),
      20_000,
      'the spend read by the scanner',
    );
    const during = await check();
    expect(new Decimal(during.chainHeld).lessThan('1.5')).toBe(true);
    expect(during.ledgerHeld).toBe('2');
    expect(during.difference, JSON.stringify(during)).toBe('0');
    const fee = new Decimal(1.5).minus(during.chainHeld);
    expect(during.inFlight).toBe(new Decimal('-0.5').minus(fee).toFixed());

    // Settled at 2 confirmations: booked, nothing in flight, still clean.
    await chains.ltc.mine(1);
    await waitFor(async () => (await payout(reference))?.status === 'confirmed', 20_000, 'confirmed');
    const after = await check();
    expect(after).toMatchObject({ chainHeld: during.chainHeld, inFlight: '0', difference: '0' });
    expect(after.ledgerHeld).toBe(during.chainHeld);
    expect(await metric()).toBe(0);
  }, 120_000);
});
