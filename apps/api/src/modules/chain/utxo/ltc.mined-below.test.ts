import { randomUUID } from 'node:crypto';
import { Decimal } from '@vaultline/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chainPayouts, journalEntries } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import { auditClean, waitFor } from '../chain.test-helpers';
import type { PayoutRow } from '../payouts.repository';
import { lastAttempt } from './batches.repository';
import { batches, fundHot, type LtcPayoutChains, ltcPayoutSuite } from './ltc.payouts.test-helpers';

// A batch is found mined wherever the chain holds it: the payout job reads the mined attempt from the
// scanner's own rows (its inputs marked spent, with the block), not from the blocks above the height
// the batch was signed at. A reorganisation two blocks deep whose branch mined the batch one block
// lower than that height (a miner behind on a competing branch took it from its pool) is followed
// like any other: the batch settles once, its fee booked once.
let chains: LtcPayoutChains;
let t: TestApp;
let admin: { id: string; token: string };

ltcPayoutSuite({}, (s) => {
  ({ chains, t, admin } = s);
});

const rpc = <T = unknown>(method: string, params: unknown[] = []) => chains.ltc.rpc.call<T>(method, params);
const addr = () => rpc<string>('getnewaddress', ['', 'bech32']);
const payout = async (ref: string) =>
  (await t.services.db.select().from(chainPayouts).where(eq(chainPayouts.reference, ref)))[0] as PayoutRow;

describe('a batch mined, after a reorganisation, below the height it was signed at', () => {
  it('is found mined and settled once', async () => {
    await fundHot(t, chains, ['1']);
    await chains.ltc.mine(3);
    const ref = randomUUID();
    const to = await addr();
    await t.services.db.transaction((tx) =>
      t.services.chain.requestPayout(tx, {
        ticker: 'LTC',
        to,
        amount: new Decimal('0.1'),
        usdValue: new Decimal('1'),
        purpose: 'deposit_refund',
        reference: ref,
        approvedBy: admin.id,
      }),
    );
    await waitFor(async () => (await payout(ref)).status === 'sent', 20_000, 'sent');
    const p = await payout(ref);
    const b = (await batches(t)).find((x) => x.id === p.batchId);
    const signedAt = b?.signedBlock as number;
    expect(await rpc<number>('getblockcount')).toBe(signedAt);
    const txid = lastAttempt(b as never).txid;

    // A competing branch from two blocks down: its first block takes the batch from the pool.
    await rpc('invalidateblock', [await rpc<string>('getblockhash', [signedAt - 1])]);
    const { hash } = await rpc<{ hash: string }>('generateblock', [await addr(), [txid]]);
    expect((await rpc<{ height: number }>('getblock', [hash])).height).toBe(signedAt - 1);
    await chains.ltc.mine(3);

    await waitFor(async () => (await payout(ref)).status === 'confirmed', 30_000, 'payout confirmed');
    expect(await payout(ref)).toMatchObject({ txHash: txid, blockNumber: signedAt - 1 });
    const done = (await batches(t)).find((x) => x.id === p.batchId);
    expect(done).toMatchObject({
      status: 'confirmed',
      minedTxid: txid,
      feePaid: BigInt(lastAttempt(b as never).fee),
    });
    // The fee is booked once, however many passes see the batch mined.
    await chains.ltc.mine(2);
    await new Promise((r) => setTimeout(r, 1000));
    const fees = await t.services.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.kind, 'chain_fee'), eq(journalEntries.reference, p.batchId as string)));
    expect(fees).toHaveLength(1);
    expect(await auditClean(t)).toBe(true);
  }, 120_000);
});
