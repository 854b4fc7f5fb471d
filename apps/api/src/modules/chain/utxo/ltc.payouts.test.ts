import { randomUUID } from 'node:crypto';
import { Decimal } from '@vaultline/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, chainPayouts, chainUtxos, journalEntries } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import { auditClean, waitFor } from '../chain.test-helpers';
import {
  batches,
  fundHot,
  hotOutputs,
  type LtcPayoutChains,
  ltcPayoutSuite,
  onChain,
} from './ltc.payouts.test-helpers';

// LTC payouts from the hot wallet's own outputs, on a real node (litecoind -regtest): the scanner
// records the outputs and their spends; payouts waiting together leave in one signed transaction,
// stored before it is broadcast; at 2 confirmations they are settled and the batch's fee is booked once.
let chains: LtcPayoutChains;
let t: TestApp;
let admin: { id: string; token: string };

ltcPayoutSuite({}, (s) => {
  ({ chains, t, admin } = s);
});

const newAddress = () => chains.ltc.rpc.call<string>('getnewaddress', ['', 'bech32']);
const payoutRows = (refs: string[]) =>
  t.services.db.select().from(chainPayouts).where(inArray(chainPayouts.reference, refs));

/** Payouts asked for in one database transaction: they wait at the same moment. */
async function askTogether(payouts: { to: string; amount: string }[]): Promise<string[]> {
  const refs = payouts.map(() => randomUUID());
  await t.services.db.transaction(async (tx) => {
    for (const [i, p] of payouts.entries())
      await t.services.chain.requestPayout(tx, {
        ticker: 'LTC',
        to: p.to,
        amount: new Decimal(p.amount),
        usdValue: new Decimal('1'),
        purpose: 'deposit_refund',
        reference: refs[i] as string,
        approvedBy: admin.id,
      });
  });
  return refs;
}

describe('the hot wallet’s outputs', () => {
  it('are recorded by the scanner with their amounts, unspent', async () => {
    const txid = await fundHot(t, chains, ['1.5', '0.25']);
    const rows = await hotOutputs(t);
    expect(rows.map((r) => r.amount).sort((a, b) => (a < b ? -1 : 1))).toEqual([25_000_000n, 150_000_000n]);
    expect(rows.some((r) => r.txid === txid)).toBe(true);
    expect(rows.every((r) => r.spentTxid === null && r.batchId === null)).toBe(true);
  }, 60_000);

  it('recorded without their parents (before migration 0040) get them on the next pass', async () => {
    const txid = await fundHot(t, chains, ['0.75']);
    const kept = (await hotOutputs(t)).find((r) => r.txid === txid);
    expect(kept?.parents?.length).toBeGreaterThan(0);
    await t.services.db.update(chainUtxos).set({ parents: null }).where(eq(chainUtxos.txid, txid));
    await waitFor(
      async () => (await hotOutputs(t)).find((r) => r.txid === txid)?.parents != null,
      20_000,
      'parents filled',
    );
    expect((await hotOutputs(t)).find((r) => r.txid === txid)?.parents).toEqual(kept?.parents);
  }, 60_000);

  it('get their parents even when more than a pass’s worth of rows before them cannot be read', async () => {
    const txid = await fundHot(t, chains, ['0.5']);
    // 25 rows the node cannot show (blocks it does not have), sorting before every real hash.
    const unreadable = Array.from({ length: 25 }, (_, i) => `00${String(i).padStart(62, '0')}`);
    await t.services.db.insert(chainUtxos).values(
      unreadable.map((u) => ({
        network: 'LTC',
        txid: u,
        vout: 0,
        amount: 1000n,
        blockNumber: 1_000_000_000,
      })),
    );
    try {
      await t.services.db.update(chainUtxos).set({ parents: null }).where(eq(chainUtxos.txid, txid));
      await waitFor(
        async () => (await hotOutputs(t)).find((r) => r.txid === txid)?.parents != null,
        30_000,
        'parents filled past the unreadable rows',
      );
    } finally {
      await t.services.db.delete(chainUtxos).where(inArray(chainUtxos.txid, unreadable));
    }
  }, 60_000);
});

describe('three payouts waiting together', () => {
  it('leave in one transaction, paid exactly, settled at 2 confirmations, the fee booked once', async () => {
    const to = [await newAddress(), await newAddress(), await newAddress()];
    const amounts = ['0.1', '0.2', '0.30000001'];
    const refs = await askTogether(to.map((a, i) => ({ to: a, amount: amounts[i] as string })));
    await waitFor(async () => (await payoutRows(refs)).every((p) => p.status === 'sent'), 20_000, 'sent');
    const rows = await payoutRows(refs);
    const txid = rows[0]?.txHash as string;
    expect(new Set(rows.map((p) => p.txHash)).size).toBe(1);
    expect(new Set(rows.map((p) => p.batchId)).size).toBe(1);
    const [batch] = (await batches(t)).filter((b) => b.id === rows[0]?.batchId);
    expect(batch?.status).toBe('sent');

    // One transaction on chain: the three payments, exactly, and the change back to the hot address.
    const tx = await onChain(t, chains, txid);
    for (const [i, a] of to.entries())
      expect(tx.outputs.filter((o) => o.address === a).map((o) => o.amount)).toEqual([
        BigInt(new Decimal(amounts[i] as string).mul(1e8).toFixed(0)),
      ]);
    expect(tx.outputs).toHaveLength(4);
    expect(tx.outputs[3]?.address).toBe(chains.hot);
    // The inputs it spends are taken by the batch, before anything is mined.
    expect((await hotOutputs(t)).filter((u) => u.batchId === batch?.id).length).toBeGreaterThan(0);

    const [blockhash] = await chains.ltc.mine(2);
    await waitFor(
      async () => (await payoutRows(refs)).every((p) => p.status === 'confirmed'),
      20_000,
      'confirmed',
    );
    const mined = await onChain(t, chains, txid, blockhash);
    expect(mined.fee).toBe(tx.fee);
    const [done] = (await batches(t)).filter((b) => b.id === batch?.id);
    expect(done).toMatchObject({ status: 'confirmed', minedTxid: txid, feePaid: tx.fee });
    // The scanner saw the spend: the inputs are spent by it, the change is a new output.
    const taken = async () => (await hotOutputs(t)).filter((u) => u.batchId === batch?.id);
    await waitFor(async () => (await taken()).every((u) => u.spentTxid === txid), 20_000, 'spend seen');
    expect((await taken()).length).toBeGreaterThan(0);
    expect((await hotOutputs(t)).filter((u) => u.txid === txid).map((u) => u.amount)).toEqual([
      tx.outputs[3]?.amount,
    ]);
    // The network fee is booked once, on the batch.
    const fees = await t.services.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.kind, 'chain_fee'), eq(journalEntries.reference, batch?.id as string)));
    expect(fees).toHaveLength(1);
    await chains.ltc.mine(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(
      await t.services.db
        .select()
        .from(journalEntries)
        .where(and(eq(journalEntries.kind, 'chain_fee'), eq(journalEntries.reference, batch?.id as string))),
    ).toHaveLength(1);
    expect(await auditClean(t)).toBe(true);
  }, 90_000);

  it('wait for funds when the hot wallet cannot pay them, and go once it is topped up', async () => {
    const [ref] = await askTogether([{ to: await newAddress(), amount: '50' }]);
    await waitFor(async () => (await payoutRows([ref as string]))[0]?.status === 'funds', 20_000, 'funds');
    await fundHot(t, chains, ['60']);
    await waitFor(async () => (await payoutRows([ref as string]))[0]?.status === 'sent', 20_000, 'sent');
  }, 60_000);
});

const feeEntries = (batchId: string) =>
  t.services.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.kind, 'chain_fee'), eq(journalEntries.reference, batchId)));

describe('an admin’s fee bump (RBF)', () => {
  it('replaces the waiting transaction; the replacement is mined, paid once, its fee booked once', async () => {
    const to = await newAddress();
    const [ref] = await askTogether([{ to, amount: '0.05' }]);
    await waitFor(async () => (await payoutRows([ref as string]))[0]?.status === 'sent', 20_000, 'sent');
    const [p] = await payoutRows([ref as string]);
    const original = p?.txHash as string;
    const bump = (feeRate: string) =>
      t.request({
        method: 'POST',
        url: `/api/Admin/chains/payouts/${p?.id}/bump`,
        token: admin.token,
        payload: { feeRate },
      });
    const res = await bump('40');
    expect(res.statusCode).toBe(200);
    const replacement = res.json().content.txHash as string;
    expect(replacement).not.toBe(original);
    // The node (with -mempoolreplacement=1) holds the replacement only; it pays more.
    const pool = await chains.ltc.rpc.call<string[]>('getrawmempool');
    expect(pool).toContain(replacement);
    expect(pool).not.toContain(original);
    const [before, after] = [
      await onChain(t, chains, original).catch(() => undefined),
      await onChain(t, chains, replacement),
    ];
    expect(before).toBeUndefined();
    expect(after.outputs.find((o) => o.address === to)?.amount).toBe(5_000_000n);
    const [batch] = (await batches(t)).filter((b) => b.id === p?.batchId);
    expect(JSON.parse(batch?.attempts ?? '[]').map((a: { txid: string }) => a.txid)).toEqual([
      original,
      replacement,
    ]);

    const [blockhash] = await chains.ltc.mine(2);
    await waitFor(
      async () => (await payoutRows([ref as string]))[0]?.status === 'confirmed',
      20_000,
      'confirmed',
    );
    const [done] = (await batches(t)).filter((b) => b.id === p?.batchId);
    const mined = await onChain(t, chains, replacement, blockhash);
    expect(done).toMatchObject({ status: 'confirmed', minedTxid: replacement, feePaid: mined.fee });
    expect((await payoutRows([ref as string]))[0]?.txHash).toBe(replacement);
    expect(await feeEntries(batch?.id as string)).toHaveLength(1);
    expect(
      (await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'payout.bump'))).map(
        (a) => a.targetId,
      ),
    ).toEqual([p?.id]);
    // A payout mined is bumped no more.
    const late = await bump('80');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('PAYOUT_NOT_BUMPABLE');
    expect(await auditClean(t)).toBe(true);
  }, 90_000);
});

describe('one payout larger than the hot wallet', () => {
  it('never holds back the others waiting with it: those that fit leave, it waits for funds', async () => {
    const small = await newAddress();
    const [big, fits] = await askTogether([
      { to: await newAddress(), amount: '100000' },
      { to: small, amount: '0.01' },
    ]);
    await waitFor(async () => (await payoutRows([fits as string]))[0]?.status === 'sent', 20_000, 'sent');
    await waitFor(async () => (await payoutRows([big as string]))[0]?.status === 'funds', 20_000, 'funds');
    const [sent] = await payoutRows([fits as string]);
    const tx = await onChain(t, chains, sent?.txHash as string);
    expect(tx.outputs.filter((o) => o.address === small).map((o) => o.amount)).toEqual([1_000_000n]);
    expect((await payoutRows([big as string]))[0]?.batchId).toBeNull();
  }, 60_000);
});

describe('a payout to the hot wallet itself (the hot key changed after it was asked for)', () => {
  it('is blocked and never signed; the one waiting with it leaves', async () => {
    await fundHot(t, chains, ['0.5']);
    const other = await newAddress();
    const [self, fine] = await askTogether([
      { to: chains.hot, amount: '0.02' },
      { to: other, amount: '0.01' },
    ]);
    await waitFor(async () => (await payoutRows([fine as string]))[0]?.status === 'sent', 20_000, 'sent');
    const [row] = await payoutRows([self as string]);
    expect(row).toMatchObject({ status: 'blocked', reason: 'hotWallet', batchId: null, txHash: null });
    const [sent] = await payoutRows([fine as string]);
    const tx = await onChain(t, chains, sent?.txHash as string);
    expect(tx.outputs.filter((o) => o.address === other).map((o) => o.amount)).toEqual([1_000_000n]);
  }, 60_000);
});
