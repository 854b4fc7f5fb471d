import { randomUUID } from 'node:crypto';
import { Decimal } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { chainPayoutBatches, chainPayouts } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import { waitFor } from '../chain.test-helpers';
import { fundHot, type LtcPayoutChains, ltcPayoutSuite } from './ltc.payouts.test-helpers';

// A payout batch the node refuses at its first broadcast (here: a fee rate below what it relays,
// the ceiling NET_FEE_RATE_MAX set too low) waits `signed` with the node's reason; an admin bumps
// it to a rate the node takes, and it is then paid once, like any batch.
let chains: LtcPayoutChains;
let t: TestApp;
let admin: { id: string; token: string };

// No estimate on regtest: the floor (0.1 sat/vB, below what the node relays) is what it pays.
ltcPayoutSuite({ env: { LTC_FEE_RATE_MIN: '0.1', LTC_FEE_RATE_MAX: '50' } }, (s) => {
  ({ chains, t, admin } = s);
});
beforeAll(async () => {
  await fundHot(t, chains, ['3']);
  await chains.ltc.mine(1);
}, 120_000);

const payout = async (reference: string) =>
  (await t.services.db.select().from(chainPayouts).where(eq(chainPayouts.reference, reference)))[0];

describe('a batch the node refused at its first broadcast', () => {
  it('is bumped by an admin to a rate the node takes, then paid once', async () => {
    const reference = randomUUID();
    const to = await chains.ltc.rpc.call<string>('getnewaddress', ['', 'bech32']);
    await t.services.db.transaction((tx) =>
      t.services.chain.requestPayout(tx, {
        ticker: 'LTC',
        to,
        amount: new Decimal('0.2'),
        usdValue: new Decimal('1'),
        purpose: 'deposit_refund',
        reference,
        approvedBy: admin.id,
      }),
    );
    await waitFor(
      async () => (await payout(reference))?.reason === 'rejected',
      20_000,
      'refused by the node',
    );
    const p = await payout(reference);
    expect(p?.status).toBe('signed');
    expect(await chains.ltc.rpc.call<string[]>('getrawmempool')).toEqual([]);
    const [batch] = await t.services.db
      .select()
      .from(chainPayoutBatches)
      .where(eq(chainPayoutBatches.id, p?.batchId as string));
    expect(batch?.lastError).toBeTruthy();

    const bump = (feeRate: string) =>
      t.request({
        method: 'POST',
        url: `/api/Admin/chains/payouts/${p?.id}/bump`,
        token: admin.token,
        payload: { feeRate },
      });
    // A typo above the network's ceiling (NET_FEE_RATE_MAX) is refused: nothing signed, nothing kept.
    const typo = await bump('5000');
    expect(typo.statusCode).toBe(409);
    expect(typo.json().error).toMatchObject({ code: 'PAYOUT_BUMP_TOO_HIGH', params: { max: '50' } });
    const [unchanged] = await t.services.db
      .select()
      .from(chainPayoutBatches)
      .where(eq(chainPayoutBatches.id, p?.batchId as string));
    expect(JSON.parse(unchanged?.attempts ?? '[]')).toHaveLength(1);

    const res = await bump('5');
    expect(res.statusCode, res.body).toBe(200);
    const replacement = res.json().content.txHash as string;
    expect(replacement).not.toBe(p?.txHash);
    await waitFor(async () => (await payout(reference))?.status === 'sent', 20_000, 'sent');
    expect(await chains.ltc.rpc.call<string[]>('getrawmempool')).toEqual([replacement]);
    await chains.ltc.mine(2);
    await waitFor(async () => (await payout(reference))?.status === 'confirmed', 20_000, 'confirmed');
    expect(await chains.ltc.rpc.call<string>('getreceivedbyaddress', [to, 1])).toBe('0.20000000');
    expect((await payout(reference))?.txHash).toBe(replacement);
  }, 90_000);
});
