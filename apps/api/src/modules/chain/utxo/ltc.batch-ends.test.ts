import { randomUUID } from 'node:crypto';
import { Decimal } from '@vaultline/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, chainPayouts, chainUtxos, journalEntries } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import { auditClean, waitFor } from '../chain.test-helpers';
import type { PayoutRow } from '../payouts.repository';
import { lastAttempt } from './batches.repository';
import {
  batches,
  fundHot,
  hotOutputs,
  type LtcPayoutChains,
  ltcPayoutSuite,
} from './ltc.payouts.test-helpers';

// How a payout batch ends on a real node (litecoind -regtest, 2 confirmations) when things go wrong:
// a crash after it was mined and before it was marked sent; coins just received (spent only once
// final, except our own batches' change); the hot wallet's funding double spent by a reorganisation
// (the batch can never be mined: it ends, its payout is paid again, once).
let chains: LtcPayoutChains;
let t: TestApp;
let admin: { id: string; token: string };
/** Set by a test: the next batch signed is mined and its payment spent before the worker "crashes". */
let crashAfterMined = false;

ltcPayoutSuite(
  {
    chainTest: {
      payoutHooks: {
        afterSign: async (p: PayoutRow) => {
          if (!crashAfterMined) return;
          crashAfterMined = false;
          const [b] = (await batches(t)).filter((x) => x.id === p.batchId);
          const txid = await rpc<string>('sendrawtransaction', [lastAttempt(b as never).hex]);
          await chains.ltc.mine(2);
          // The payee spends what it got: no output of the batch is left unspent.
          const value = new Decimal(p.amount).minus('0.0001').toFixed(8);
          const raw = await rpc<string>('createrawtransaction', [
            [{ txid, vout: 0 }],
            { [await addr()]: value },
          ]);
          const signed = await rpc<{ hex: string }>('signrawtransactionwithwallet', [raw]);
          await rpc('sendrawtransaction', [signed.hex]);
          await chains.ltc.mine(1);
          throw new Error('the process stops before the batch is marked sent');
        },
      },
    },
  },
  (s) => {
    ({ chains, t, admin } = s);
  },
);

const rpc = <T = unknown>(method: string, params: unknown[] = []) => chains.ltc.rpc.call<T>(method, params);
const addr = () => rpc<string>('getnewaddress', ['', 'bech32']);
const payout = async (ref: string) =>
  (await t.services.db.select().from(chainPayouts).where(eq(chainPayouts.reference, ref)))[0] as PayoutRow;
const feeEntries = (batchIds: string[]) =>
  t.services.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.kind, 'chain_fee'), inArray(journalEntries.reference, batchIds)));

async function ask(amount: string, to?: string): Promise<string> {
  const reference = randomUUID();
  const address = to ?? (await addr());
  await t.services.db.transaction((tx) =>
    t.services.chain.requestPayout(tx, {
      ticker: 'LTC',
      to: address,
      amount: new Decimal(amount),
      usdValue: new Decimal('1'),
      purpose: 'deposit_refund',
      reference,
      approvedBy: admin.id,
    }),
  );
  return reference;
}

/**
 * Pays the hot wallet from the node's wallet (replaceable, BIP 125), mined in one block; waits until
 * the scanner has it.
 */
async function fundOnce(amount: string): Promise<{ txid: string; block: string }> {
  const txid = await rpc<string>('sendtoaddress', [chains.hot, amount, '', '', false, true]);
  const [block] = await chains.ltc.mine(1);
  await waitFor(async () => (await hotOutputs(t)).some((u) => u.txid === txid), 20_000, 'funding seen');
  return { txid, block: block as string };
}

describe('a batch mined while the process was down before marking it sent', () => {
  it('is found mined on the next pass, though the node refuses its bytes now; settled once', async () => {
    await fundHot(t, chains, ['1']);
    crashAfterMined = true;
    // Exactly what one output pays with no change left over (the leftover goes to the fee).
    const ref = await ask('0.999996');
    await waitFor(async () => (await payout(ref)).status === 'confirmed', 30_000, 'confirmed');
    const p = await payout(ref);
    const [b] = (await batches(t)).filter((x) => x.id === p.batchId);
    expect(b).toMatchObject({ status: 'confirmed', minedTxid: p.txHash });
    expect(await feeEntries([b?.id as string])).toHaveLength(1);
    expect(await auditClean(t)).toBe(true);
  }, 90_000);
});

describe('coins the hot wallet just received', () => {
  it('are spent only once final; our own batch’s change is spent at once', async () => {
    const funding = await fundOnce('5');
    const first = await ask('0.1');
    await waitFor(async () => (await payout(first)).status === 'funds', 20_000, 'waits for final funds');
    expect((await payout(first)).batchId).toBeNull();
    await chains.ltc.mine(1);
    await waitFor(async () => (await payout(first)).status === 'sent', 20_000, 'sent once final');
    const id1 = (await payout(first)).batchId;
    const [b1] = (await batches(t)).filter((x) => x.id === id1);
    expect(JSON.parse(b1?.inputs ?? '[]').map((u: { txid: string }) => u.txid)).toEqual([funding.txid]);
    // Mined once: its change (1 confirmation) is the only output left, and the next payout spends it.
    await chains.ltc.mine(1);
    await waitFor(async () => (await payout(first)).status === 'mined', 20_000, 'mined');
    const second = await ask('0.1');
    await waitFor(async () => (await payout(second)).status === 'sent', 20_000, 'paid from the change');
    const id2 = (await payout(second)).batchId;
    const [b2] = (await batches(t)).filter((x) => x.id === id2);
    expect(JSON.parse(b2?.inputs ?? '[]').map((u: { txid: string }) => u.txid)).toEqual([
      lastAttempt(b1 as never).txid,
    ]);
    await chains.ltc.mine(2);
    await waitFor(async () => (await payout(second)).status === 'confirmed', 20_000, 'confirmed');
  }, 90_000);
});

describe('a batch whose funding a reorganisation replaced by a double spend', () => {
  it('ends once the double spend is final; its payout is paid again, once', async () => {
    // A payout larger than what the hot wallet held before: its batch spends this funding.
    const funding = await fundOnce('3');
    const spent = await rpc<{ vin: { txid: string; vout: number }[]; vout: { value: number }[] }>(
      'getrawtransaction',
      [funding.txid, true, funding.block],
    );
    await chains.ltc.mine(1);
    const to = await addr();
    const ref = await ask('6', to);
    await waitFor(async () => (await payout(ref)).status === 'sent', 20_000, 'sent');
    const before = await payout(ref);
    const [dead] = (await batches(t)).filter((x) => x.id === before.batchId);
    expect(JSON.parse(dead?.inputs ?? '[]').map((u: { txid: string }) => u.txid)).toContain(funding.txid);

    // The node's wallet spends the funding's own inputs elsewhere, at a higher fee ...
    const total = spent.vout
      .reduce((s, v) => s.plus(String(v.value)), new Decimal(0))
      .minus('0.001')
      .toFixed(8);
    const raw = await rpc<string>('createrawtransaction', [
      spent.vin.map((i) => ({ txid: i.txid, vout: i.vout })),
      { [await addr()]: total },
    ]);
    // Signed with the outputs it spends given (the wallet sees them spent by the funding now).
    const prevtxs = [];
    for (const i of spent.vin) {
      const { hex } = await rpc<{ hex: string }>('gettransaction', [i.txid]);
      const prev = await rpc<{ vout: { value: number; scriptPubKey: { hex: string } }[] }>(
        'decoderawtransaction',
        [hex],
      );
      const out = prev.vout[i.vout];
      prevtxs.push({ txid: i.txid, vout: i.vout, scriptPubKey: out?.scriptPubKey.hex, amount: out?.value });
    }
    const double = await rpc<{ hex: string; complete: boolean }>('signrawtransactionwithwallet', [
      raw,
      prevtxs,
    ]);
    expect(double.complete).toBe(true);
    // ... and a longer branch mines it instead: the funding leaves the chain, the double spend
    // replaces it (and the batch) in the pool and is mined: neither can ever be mined now.
    await rpc('invalidateblock', [funding.block]);
    await rpc('generateblock', [await addr(), []]);
    await rpc('sendrawtransaction', [double.hex]);
    const [blockHash] = await chains.ltc.mine(1);
    const conflict = await waitFor(
      async () =>
        (await hotOutputs(t)).find((u) => u.txid === funding.txid && u.conflictTxid !== null)?.conflictTxid,
      20_000,
      'the double spend seen',
    );
    const block = await rpc<{ tx: string[] }>('getblock', [blockHash]);
    expect(block.tx).toContain(conflict);
    // One confirmation: not certain yet, nothing changes.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await payout(ref)).status).toBe('sent');
    expect((await batches(t)).find((x) => x.id === dead?.id)?.status).toBe('sent');

    await chains.ltc.mine(1);
    // The batch ends; its payout goes back to the queue (reason `dropped`), and the next pass finds
    // too little to pay it yet (reason `funds`): which of the two is seen depends on that pass.
    const ended = await waitFor(
      async () => (await batches(t)).find((x) => x.id === dead?.id && x.status === 'failed'),
      20_000,
      'the batch ended',
    );
    const back = await payout(ref);
    expect(back).toMatchObject({ status: expect.stringMatching(/^(queued|funds)$/), batchId: null });
    expect(back.reason).toMatch(/^(dropped|funds)$/);
    expect(ended?.status).toBe('failed');
    expect(ended?.lastError).toContain(conflict);
    // No admin ended it: the system's row in the audit log, written with the change.
    const logged = await t.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, dead?.id as string));
    expect(logged).toMatchObject([
      { actorId: null, action: 'payoutBatch.failed', targetType: 'payoutBatch' },
    ]);
    expect(logged[0]?.after).toMatchObject({ status: 'failed', payouts: [(await payout(ref)).id] });
    const listed = await t.services.audit.list({ page: 1, pageSize: 5, targetId: dead?.id as string });
    expect(listed.items).toMatchObject([{ actor: null, action: 'payoutBatch.failed' }]);
    // Its other inputs are free again; the funding that never exists is forgotten.
    const rows = await t.services.db.select().from(chainUtxos).where(eq(chainUtxos.network, 'LTC'));
    expect(rows.filter((u) => u.batchId === dead?.id)).toEqual([]);
    expect(rows.some((u) => u.txid === funding.txid)).toBe(false);

    // Paid again by a new batch once there is enough: once, at the same address.
    await fundHot(t, chains, ['10']);
    await waitFor(async () => (await payout(ref)).status === 'sent', 20_000, 'sent again');
    const again = await payout(ref);
    expect(again.batchId).not.toBe(dead?.id);
    await chains.ltc.mine(2);
    await waitFor(async () => (await payout(ref)).status === 'confirmed', 20_000, 'confirmed');
    const tip = await rpc<number>('getblockcount');
    const paid = await rpc<{
      vout: { value: number; scriptPubKey: { address?: string; addresses?: string[] } }[];
    }>('getrawtransaction', [(await payout(ref)).txHash, true, await rpc<string>('getblockhash', [tip - 1])]);
    const toIt = paid.vout.filter((v) => (v.scriptPubKey.address ?? v.scriptPubKey.addresses?.[0]) === to);
    expect(toIt.map((v) => new Decimal(String(v.value)).toString())).toEqual(['6']);
    await expect(rpc('getrawtransaction', [lastAttempt(dead as never).txid])).rejects.toThrow();
    expect(await feeEntries([dead?.id as string])).toHaveLength(0);
    expect(await auditClean(t)).toBe(true);
  }, 120_000);
});
