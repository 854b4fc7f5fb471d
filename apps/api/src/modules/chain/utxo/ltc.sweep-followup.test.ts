import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { p2wpkh, Transaction } from '@scure/btc-signer';
import { Decimal } from '@vaultline/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, chainSweeps } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import { assetId } from '../../ledger/ledger.test-helpers';
import { ltcSweepSuite } from './ltc.sweep.test-helpers';
import type { LtcChains } from './ltc.test-helpers';
import { markBroadcast } from './sweep-book';
import { UTXO_PARAMS } from './utxo-networks';

// What follows a sweep once it leaves the server (decision 0055), against litecoind -regtest: one the
// operator broadcast from their own wallet (pasted back or not) is booked once; one that can never
// be mined (its deposits spent by another transaction, or its bytes refused for good) is dropped and
// its booking reversed, then abandoned by an admin; one the node lost is offered again as the same
// bytes; a destination of our account not handed out yet is refused. The job passes only when the
// test asks (a reconciliation), so each step sees the state it set up.
const master = HDKey.fromMasterSeed(randomBytes(32), { public: 0x043587cf, private: 0x04358394 });
const account = master.derive("m/84'/1'/0'");
const origin = `${master.fingerprint.toString(16).padStart(8, '0')}/84'/1'/0'`;
const params = UTXO_PARAMS.LTC.regtest;
const addressAt = (chain: 0 | 1, i: number) =>
  p2wpkh(account.deriveChild(chain).deriveChild(i).publicKey as Uint8Array, {
    bech32: params.bech32,
    pubKeyHash: params.pubKeyHash,
    scriptHash: params.scriptHash,
    wif: params.wif,
  }).address as string;
let chains: LtcChains;
let t: TestApp;
const { lines, api, pass, clean, ledgerLtc, row, signedPsbt, final, deposit } = ltcSweepSuite(
  master,
  account,
  origin,
  (s) => {
    ({ chains, t } = s);
  },
);
const build = async () => {
  const res = await api('/sweeps', { destination: await chains.ltc.rpc.call<string>('getnewaddress') });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content as { id: string; psbt: string; amount: string; fee: string };
};

describe('LTC sweeps after they leave the server', () => {
  it('refuses a destination of our account not handed out yet, from a cached look-ahead', async () => {
    const to = await deposit('0.2');
    const res = (await t.services.db.execute(
      sql`select max(index)::int as index from chain_addresses where network = 'LTC'`,
    )) as unknown as { rows: { index: number }[] };
    const highest = Number(res.rows[0]?.index);
    expect(addressAt(0, highest)).toBe(to);
    const refused = async (destination: string) => {
      const started = performance.now();
      const res = await api('/sweeps', { destination });
      expect([res.statusCode, res.json().error?.code], destination).toEqual([400, 'SWEEP_ADDRESS_OURS']);
      return performance.now() - started;
    };
    // Receive chain ahead of what was handed out, and the change chain: ours.
    const first = await refused(addressAt(0, highest + 700));
    const second = await refused(addressAt(1, 3));
    const third = await refused(addressAt(1, highest + 1000));
    console.log(
      `sweep destination check: ${first.toFixed(0)} ms with the look-ahead derived (2 x ${highest + 1001} addresses), then ${second.toFixed(1)} ms and ${third.toFixed(1)} ms cached`,
    );
    expect(await t.services.db.select().from(chainSweeps)).toHaveLength(0);
    // Beyond the look-ahead: not known as ours (a sweep is built).
    const far = await api('/sweeps', { destination: addressAt(0, highest + 1001 + 50) });
    expect(far.statusCode).toBe(200);
    await t.services.db.delete(chainSweeps);
  }, 90_000);

  it('books once a sweep the operator broadcast from their wallet, pasted back or not', async () => {
    await deposit('0.25');
    const held = new Decimal(await ledgerLtc());
    const s = await build();
    const sent = final(s.psbt);
    await chains.ltc.rpc.call('sendrawtransaction', [sent.hex]);
    await chains.ltc.mine(1);
    // Pasted back after their wallet broadcast it and a block mined it: the node answers that it has
    // that very transaction already (in its pool, Litecoin Core 0.21 takes the same bytes again).
    const res = await api(`/sweeps/${s.id}/signed`, { psbt: signedPsbt(s.psbt) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toMatchObject({ status: 'broadcast', txHash: sent.txid });
    const out = new Decimal(s.amount).plus(s.fee);
    expect(await ledgerLtc()).toBe(held.minus(out).toFixed());
    await clean();
    await chains.ltc.mine(1);
    await clean();
    expect(await ledgerLtc()).toBe(held.minus(out).toFixed());

    // Never pasted back: in the pool, nothing yet (the books stay clean: on chain and booked); mined,
    // found by the next pass and booked once; deeper, still once.
    await deposit('0.4');
    const before = new Decimal(await ledgerLtc());
    const quiet = await build();
    const q = final(quiet.psbt);
    await chains.ltc.rpc.call('sendrawtransaction', [q.hex]);
    await clean();
    expect(await row(quiet.id)).toMatchObject({ status: 'built' });
    await chains.ltc.mine(1);
    await clean();
    expect(await row(quiet.id)).toMatchObject({ status: 'broadcast', txHash: q.txid });
    const gone = new Decimal(quiet.amount).plus(quiet.fee);
    expect(await ledgerLtc()).toBe(before.minus(gone).toFixed());
    await chains.ltc.mine(2);
    await clean();
    await clean();
    expect(await ledgerLtc()).toBe(before.minus(gone).toFixed());
  }, 120_000);

  it('drops a sweep whose deposits another transaction spent, reverses its booking; an admin abandons it', async () => {
    await deposit('0.7');
    const held = new Decimal(await ledgerLtc());
    const [a, b] = [await build(), await build()];
    const ok = await api(`/sweeps/${a.id}/signed`, { psbt: signedPsbt(a.psbt) });
    expect(ok.statusCode, ok.body).toBe(200);
    // The operator's wallet signs the other one, and a miner takes it instead.
    const other = final(b.psbt);
    await chains.ltc.rpc.call('generateblock', [chains.ltc.minerAddress, [other.hex]]);
    // One block deep: not sure yet; both booked, the books clean (a in flight).
    await clean();
    expect(await row(a.id)).toMatchObject({ status: 'broadcast', spentTxid: other.txid });
    expect(await row(b.id)).toMatchObject({ status: 'broadcast', txHash: other.txid });
    await chains.ltc.mine(1);
    await clean();
    const dropped = await row(a.id);
    expect(dropped).toMatchObject({ status: 'dropped', drops: 1 });
    expect(dropped?.dropReason).toContain(other.txid);
    expect(await ledgerLtc()).toBe(held.minus(new Decimal(b.amount).plus(b.fee)).toFixed());
    expect(lines.some((l) => l.includes(`ALERT sweep ${a.id} can never be mined`))).toBe(true);
    await clean();

    // Abandoned: audited, nothing booked.
    // Broadcast again beside the one mined over the same deposits: refused, nothing changes.
    const again = await api(`/sweeps/${a.id}/rebroadcast`, {});
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'SWEEP_INPUTS_SWEPT']);
    expect(await row(a.id)).toMatchObject({ status: 'dropped' });
    const bad = await api(`/sweeps/${b.id}/abandon`, {});
    expect([bad.statusCode, bad.json().error.code]).toEqual([409, 'SWEEP_NOT_DROPPED']);
    const end = await api(`/sweeps/${a.id}/abandon`, {});
    expect(end.statusCode, end.body).toBe(200);
    expect(end.json().content).toMatchObject({ status: 'abandoned', dropReason: dropped?.dropReason });
    const view = (await api('/sweeps')).json().content;
    expect(view.sweeps.find((x: { id: string }) => x.id === a.id).status).toBe('abandoned');
    const actions = (await t.services.db.select().from(auditLog).where(eq(auditLog.targetId, 'LTC'))).map(
      (r) => r.action,
    );
    expect(actions).toContain('chain.sweepAbandoned');
    await clean();
    expect(await ledgerLtc()).toBe(held.minus(new Decimal(b.amount).plus(b.fee)).toFixed());
  }, 120_000);

  it('offers a sweep the node lost again as the same bytes, and drops one the node refuses for good', async () => {
    await deposit('0.9');
    const held = new Decimal(await ledgerLtc());
    const s = await build();
    const lost = final(s.psbt);
    // Stored broadcast and booked, the node never kept it (a restart without its pool).
    const stored = await row(s.id);
    const books = {
      ledger: t.services.ledger,
      assetId: await assetId(t, 'LTC'),
      ticker: 'LTC',
      decimals: 8,
    };
    await t.services.db.transaction((tx) =>
      markBroadcast(tx, books, stored as NonNullable<typeof stored>, 'built', lost.txid, lost.hex),
    );
    const out = new Decimal(s.amount).plus(s.fee);
    expect(await chains.ltc.rpc.call<string[]>('getrawmempool')).not.toContain(lost.txid);
    await clean();
    expect(await chains.ltc.rpc.call<string[]>('getrawmempool')).toContain(lost.txid);
    expect(await row(s.id)).toMatchObject({ status: 'broadcast' });
    await chains.ltc.mine(2);
    await clean();
    expect(await ledgerLtc()).toBe(held.minus(out).toFixed());

    // Its signature broken (same hash, the witness is not part of it): refused for good, dropped.
    await deposit('0.35');
    const before = new Decimal(await ledgerLtc());
    const r = await build();
    const good = final(r.psbt);
    const tx = Transaction.fromRaw(Buffer.from(good.hex, 'hex'), { allowUnknownOutputs: true });
    const witness = tx.getInput(0).finalScriptWitness as Uint8Array[];
    const sig = Uint8Array.from(witness[0] as Uint8Array);
    sig[10] = (sig[10] as number) ^ 1;
    tx.updateInput(0, { finalScriptWitness: [sig, witness[1] as Uint8Array] }, true);
    expect(tx.id).toBe(good.txid);
    const row0 = await row(r.id);
    await t.services.db.transaction((x) =>
      markBroadcast(x, books, row0 as NonNullable<typeof row0>, 'built', good.txid, tx.hex),
    );
    expect(await ledgerLtc()).toBe(before.minus(new Decimal(r.amount).plus(r.fee)).toFixed());
    await pass();
    const dropped = await row(r.id);
    expect(dropped).toMatchObject({ status: 'dropped' });
    expect(dropped?.dropReason).toMatch(/the node refuses it: .*script-verify/);
    expect(await ledgerLtc()).toBe(before.toFixed());
    await clean();
    // Broadcast again by an admin: the same bytes, refused again; nothing changes.
    const again = await api(`/sweeps/${r.id}/rebroadcast`, {});
    expect([again.statusCode, again.json().error.code]).toEqual([400, 'BROADCAST_REFUSED']);
    expect(await row(r.id)).toMatchObject({ status: 'dropped', drops: 1 });
    expect(await ledgerLtc()).toBe(before.toFixed());
    // Abandoned: its deposits are swept again by a new sweep.
    expect((await api(`/sweeps/${r.id}/abandon`, {})).statusCode).toBe(200);
    const next = await build();
    const ok = await api(`/sweeps/${next.id}/signed`, { psbt: signedPsbt(next.psbt) });
    expect(ok.statusCode, ok.body).toBe(200);
    await chains.ltc.mine(2);
    await clean();
    await clean();
    expect(await ledgerLtc()).toBe(before.minus(new Decimal(next.amount).plus(next.fee)).toFixed());
  }, 120_000);
});
