import { randomUUID } from 'node:crypto';
import { Decimal } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chainPayouts } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import { waitFor } from '../chain.test-helpers';
import type { PayoutRow } from '../payouts.repository';
import { attemptsOf, type BatchRow, inputsOf } from './batches.repository';
import { batches, fundHot, type LtcPayoutChains, ltcPayoutSuite } from './ltc.payouts.test-helpers';

// A chain of our own change (decision 0056 lets a batch spend the change of one of our mined batches
// before it is final). Batch 1 is bumped (attempts A1, A2); A1 is mined; batch 2 spends A1's change
// and is mined; batch 3 spends batch 2's change. A reorganisation shallower than the network's
// confirmations (3 here) mines A2 instead: A1's change never exists, so batch 2 ends (its input
// conflicts with A2), and so does batch 3: its input is an output of an attempt of a batch that ended
// failed, which never exists either. Nobody ever spends that input's parent, so only the end of the
// batch that created it tells. Both payouts are paid again, once.
let chains: LtcPayoutChains;
let t: TestApp;
let admin: { id: string; token: string };

ltcPayoutSuite({ confirmations: 3 }, (s) => {
  ({ chains, t, admin } = s);
});

const rpc = <T = unknown>(method: string, params: unknown[] = []) => chains.ltc.rpc.call<T>(method, params);
const addr = () => rpc<string>('getnewaddress', ['', 'bech32']);
const payout = async (ref: string) =>
  (await t.services.db.select().from(chainPayouts).where(eq(chainPayouts.reference, ref)))[0] as PayoutRow;
const batchOf = async (ref: string) => {
  const id = (await payout(ref)).batchId;
  return (await batches(t)).find((b) => b.id === id) as BatchRow;
};

async function ask(amount: string): Promise<string> {
  const reference = randomUUID();
  const to = await addr();
  await t.services.db.transaction((tx) =>
    t.services.chain.requestPayout(tx, {
      ticker: 'LTC',
      to,
      amount: new Decimal(amount),
      usdValue: new Decimal('1'),
      purpose: 'deposit_refund',
      reference,
      approvedBy: admin.id,
    }),
  );
  return reference;
}

describe('a batch spending an output of an attempt of a batch that ended failed', () => {
  it('ends too, its payout paid again once', async () => {
    await fundHot(t, chains, ['5']);
    const p1 = await ask('0.1');
    await waitFor(async () => (await payout(p1)).status === 'sent', 20_000, 'p1 sent');
    const res = await t.request({
      method: 'POST',
      url: `/api/Admin/chains/payouts/${(await payout(p1)).id}/bump`,
      token: admin.token,
      payload: { feeRate: '40' },
    });
    expect(res.statusCode).toBe(200);
    const b1 = await batchOf(p1);
    const [a1, a2] = attemptsOf(b1);
    expect(a1 && a2).toBeTruthy();

    // A miner that had the original (A1) mines it: A1 at 1 confirmation, batch 1 mined.
    const { hash: blockA1 } = await rpc<{ hash: string }>('generateblock', [await addr(), [a1?.hex]]);
    await waitFor(
      async () => (await batchOf(p1)).status === 'mined' && (await batchOf(p1)).minedTxid === a1?.txid,
      20_000,
      'batch 1 mined by A1',
    );

    // Batch 2 spends A1's change (our own batch's change: spent before final), mined at once.
    const p2 = await ask('0.1');
    await waitFor(async () => (await payout(p2)).status === 'sent', 20_000, 'p2 sent');
    const b2 = await batchOf(p2);
    expect(inputsOf(b2).map((u) => u.txid)).toEqual([a1?.txid]);
    await chains.ltc.mine(1);
    await waitFor(async () => (await batchOf(p2)).status === 'mined', 20_000, 'batch 2 mined');

    // Batch 3 spends batch 2's change.
    const p3 = await ask('0.1');
    await waitFor(async () => (await payout(p3)).status === 'sent', 20_000, 'p3 sent');
    const b3 = await batchOf(p3);
    expect(inputsOf(b3).map((u) => u.txid)).toEqual([attemptsOf(b2)[0]?.txid]);
    // A1 is 2 deep: not final at 3 confirmations.
    expect((await batchOf(p1)).status).toBe('mined');

    // A reorganisation 2 blocks deep (under the network's 3) mines A2 instead of A1, then 3 more.
    await rpc('invalidateblock', [blockA1]);
    await rpc('generateblock', [await addr(), [a2?.hex]]);
    await chains.ltc.mine(3);

    // Batch 1 is settled by A2; batch 2 can never be mined and ends; its payout is paid again.
    await waitFor(async () => (await payout(p1)).status === 'confirmed', 30_000, 'p1 confirmed');
    expect((await payout(p1)).txHash).toBe(a2?.txid);
    await waitFor(
      async () => (await batches(t)).find((b) => b.id === b2.id)?.status === 'failed',
      30_000,
      'batch 2 ended',
    );
    // Batch 3 can never be mined either: its only input is batch 2's change.
    await expect(rpc('getrawtransaction', [attemptsOf(b3)[0]?.txid])).rejects.toThrow();
    await expect(rpc('getrawtransaction', [attemptsOf(b2)[0]?.txid])).rejects.toThrow();
    await chains.ltc.mine(3);
    // It must end too, and its payout be queued again (or paid): not wait `sent` for good.
    await waitFor(
      async () => (await batches(t)).find((b) => b.id === b3.id)?.status === 'failed',
      30_000,
      'batch 3 ended (its input can never exist)',
    );
    // Both payouts go out again, in new batches, and are paid once.
    for (const ref of [p2, p3])
      await waitFor(async () => (await payout(ref)).status === 'sent', 20_000, 'paid again');
    await chains.ltc.mine(3);
    for (const ref of [p2, p3])
      await waitFor(async () => (await payout(ref)).status === 'confirmed', 30_000, 'confirmed');
    const all = await batches(t);
    for (const ref of [p2, p3]) {
      const p = await payout(ref);
      expect(p.batchId).not.toBe(ref === p2 ? b2.id : b3.id);
      expect(all.find((b) => b.id === p.batchId)?.status).toBe('confirmed');
    }
  }, 180_000);
});
