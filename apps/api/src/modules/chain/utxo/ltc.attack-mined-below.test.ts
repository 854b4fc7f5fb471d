import { randomUUID } from 'node:crypto';
import { Decimal } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainPayouts } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import { makeUser } from '../../ledger/ledger.test-helpers';
import { waitFor } from '../chain.test-helpers';
import type { PayoutRow } from '../payouts.repository';
import { lastAttempt } from './batches.repository';
import {
  batches,
  fundHot,
  type LtcPayoutChains,
  ltcPayoutApp,
  startLtcPayoutChains,
} from './ltc.payouts.test-helpers';

// Attack: the payout job looks for a batch's attempts only in blocks from the height where it was
// signed (signedBlock, the node's tip then) up (rbf.ts findConfirmedReplacement). A reorganisation
// two blocks deep whose branch mined the batch one block lower than that height (a miner behind on
// a competing branch took it from its pool) puts the payment on chain where it is never looked for:
// the batch stays `sent` for good, its payout paid on chain and never settled.
let chains: LtcPayoutChains;
let t: TestApp;
let admin: { id: string; token: string };

beforeAll(async () => {
  chains = await startLtcPayoutChains();
  t = await ltcPayoutApp(chains);
  admin = await makeUser(t, { role: 'admin' });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await chains?.stop();
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
  }, 120_000);
});
