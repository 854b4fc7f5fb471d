import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { Decimal } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chainAddresses, chainSweeps } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import { assetId, makeUser } from '../../ledger/ledger.test-helpers';
import type { ChainAdapter } from '../chain.types';
import { ltcSweepSuite } from './ltc.sweep.test-helpers';
import type { LtcChains } from './ltc.test-helpers';
import { UtxoRpcError } from './rpc';
import { markBroadcast, markDropped } from './sweep-book';
import { followSweeps } from './sweep-follow';
import { registerUtxoNode } from './utxo-node';

// The holes an attack review found in the follow-up of sweeps (decisions 0055, 0059), against
// litecoind -regtest: a sweep refused by the pool for a conflict is not dropped at once; an abandoned
// sweep mined after all is booked; a built sweep whose deposits another transaction spent ends; a
// sweep built again over the same deposits has its own hash and is booked. The job passes only when
// the test asks (a reconciliation), so each step sees the state it set up.
const master = HDKey.fromMasterSeed(randomBytes(32), { public: 0x043587cf, private: 0x04358394 });
const account = master.derive("m/84'/1'/0'");
const origin = `${master.fingerprint.toString(16).padStart(8, '0')}/84'/1'/0'`;
let chains: LtcChains;
let t: TestApp;
const { api, pass, clean, ledgerLtc, row, sign, signedPsbt, final, deposit } = ltcSweepSuite(
  master,
  account,
  origin,
  (s) => {
    ({ chains, t } = s);
  },
);
const build = async (to?: string) => {
  const res = await api('/sweeps', {
    destination: to ?? (await chains.ltc.rpc.call<string>('getnewaddress')),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content as { id: string; psbt: string; amount: string; fee: string };
};

const books = async () => ({
  ledger: t.services.ledger,
  assetId: await assetId(t, 'LTC'),
  ticker: 'LTC',
  decimals: 8,
});
/** Stored broadcast and booked with these bytes, the node never given them. */
async function storedBroadcast(id: string, sent: { txid: string; hex: string }) {
  const s = await row(id);
  const b = await books();
  return t.services.db.transaction((tx) =>
    markBroadcast(tx, b, s as NonNullable<typeof s>, 'built', sent.txid, sent.hex),
  );
}
/** Stored broadcast, then dropped (its booking reversed) and abandoned by an admin. */
async function abandoned(id: string, sent: { txid: string; hex: string }) {
  const s = await storedBroadcast(id, sent);
  const b = await books();
  await t.services.db.transaction((tx) => markDropped(tx, b, s as NonNullable<typeof s>, 'lost'));
  const end = await api(`/sweeps/${id}/abandon`, {});
  expect(end.statusCode, end.body).toBe(200);
}

describe('LTC sweep holes', () => {
  it('keeps a sweep the pool refuses as a replacement; the scanner record drops it once the other is deep', async () => {
    await deposit('0.3');
    const held = new Decimal(await ledgerLtc());
    const [a, b] = [await build(), await build()];
    const A = final(a.psbt);
    const B = final(b.psbt);
    expect(A.txid).not.toBe(B.txid);
    // The operator broadcast b from their wallet; a is stored broadcast, the node never had it.
    await chains.ltc.rpc.call('sendrawtransaction', [B.hex]);
    await storedBroadcast(a.id, A);
    await pass();
    // Offered again, the node refuses a for the conflict with b (Litecoin Core does not replace):
    // no reason to drop it yet.
    expect(await row(a.id)).toMatchObject({ status: 'broadcast', drops: 0 });
    // Nor when a node that replaces refuses it for its fee (Bitcoin Core's words).
    const core = {
      call: (method: string, params: unknown[]) =>
        method === 'sendrawtransaction'
          ? Promise.reject(
              new UtxoRpcError(
                'RPC error',
                `insufficient fee, rejecting replacement ${A.txid}; new feerate 0.00002 <= old feerate 0.00002`,
                -26,
              ),
            )
          : chains.ltc.rpc.call(method, params),
      coin: 'LTC' as const,
      kind: 'regtest' as const,
      accountKey: '',
    };
    const adapter = { network: 'LTC', assets: [{ ticker: 'LTC', decimals: 8 }] } as unknown as ChainAdapter;
    registerUtxoNode(adapter, core);
    const deps = {
      db: t.services.db,
      ledger: t.services.ledger,
      assetId: (ticker: string) => assetId(t, ticker),
      log: { warn() {}, info() {} },
    };
    expect(await followSweeps(deps, adapter, 2)).toBe(0);
    expect(await row(a.id)).toMatchObject({ status: 'broadcast', drops: 0 });
    await chains.ltc.mine(2);
    await pass();
    const dropped = await row(a.id);
    expect(dropped).toMatchObject({ status: 'dropped', drops: 1 });
    expect(dropped?.dropReason).toContain(B.txid);
    expect(await row(b.id)).toMatchObject({ status: 'broadcast', txHash: B.txid });
    await clean();
    expect(await ledgerLtc()).toBe(held.minus(new Decimal(b.amount).plus(b.fee)).toFixed());
  }, 120_000);

  it('books an abandoned sweep that is mined after all', async () => {
    await deposit('0.45');
    const held = new Decimal(await ledgerLtc());
    const a = await build();
    const A = final(a.psbt);
    await abandoned(a.id, A);
    expect(await ledgerLtc()).toBe(held.toFixed());
    await chains.ltc.rpc.call('sendrawtransaction', [A.hex]);
    await chains.ltc.mine(1);
    await clean();
    expect(await row(a.id)).toMatchObject({ status: 'broadcast', txHash: A.txid });
    expect(await ledgerLtc()).toBe(held.minus(new Decimal(a.amount).plus(a.fee)).toFixed());
    await chains.ltc.mine(2);
    await clean();
  }, 120_000);

  it('abandons a built sweep whose deposits another transaction spent deep enough', async () => {
    await deposit('0.55');
    const [a, b] = [await build(), await build()];
    const B = final(b.psbt);
    await chains.ltc.rpc.call('sendrawtransaction', [B.hex]);
    await chains.ltc.mine(1);
    await clean();
    expect(await row(a.id)).toMatchObject({ status: 'built', spentTxid: B.txid });
    await chains.ltc.mine(1);
    await clean();
    const ended = await row(a.id);
    expect(ended).toMatchObject({ status: 'abandoned' });
    expect(ended?.dropReason).toContain(B.txid);
    expect(await row(b.id)).toMatchObject({ status: 'broadcast', txHash: B.txid });
  }, 120_000);

  it('gives a sweep built again over the same deposits its own hash, booked once', async () => {
    await deposit('0.65');
    const held = new Decimal(await ledgerLtc());
    // The same deposits to the same destination at the same fee rate and height.
    const to = await chains.ltc.rpc.call<string>('getnewaddress');
    const a = await build(to);
    const A = final(a.psbt);
    await abandoned(a.id, A);
    const b = await build(to);
    const ok = await api(`/sweeps/${b.id}/signed`, { psbt: signedPsbt(b.psbt) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().content.txHash).not.toBe(A.txid);
    await chains.ltc.mine(2);
    await clean();
    await clean();
    expect(await row(a.id)).toMatchObject({ status: 'abandoned' });
    expect(await row(b.id)).toMatchObject({ status: 'broadcast' });
    expect(await ledgerLtc()).toBe(held.minus(new Decimal(b.amount).plus(b.fee)).toFixed());
  }, 120_000);

  it('offers no deposit of a broadcast or dropped sweep for a new one', async () => {
    const to = await deposit('0.75');
    const a = await build();
    const A = final(a.psbt);
    const heldAt = async () =>
      ((await api('/sweeps')).json().content.held as { address: string }[]).filter((h) => h.address === to);
    expect(await heldAt()).toHaveLength(1);
    // Stored broadcast, the node never had it: its deposit is not offered, nor once it is dropped.
    const s = await storedBroadcast(a.id, A);
    expect(await heldAt()).toHaveLength(0);
    const b = await books();
    await t.services.db.transaction((tx) => markDropped(tx, b, s as NonNullable<typeof s>, 'lost'));
    expect(await heldAt()).toHaveLength(0);
    // Abandoned: free again.
    expect((await api(`/sweeps/${a.id}/abandon`, {})).statusCode).toBe(200);
    expect(await heldAt()).toHaveLength(1);
    await clean();
  }, 120_000);

  it('keeps the bytes of a sweep first seen mined, to offer it again after a reorganisation', async () => {
    await deposit('0.85');
    const a = await build();
    const A = final(a.psbt);
    await chains.ltc.rpc.call('sendrawtransaction', [A.hex]);
    await chains.ltc.mine(1);
    await clean();
    expect(await row(a.id)).toMatchObject({ status: 'broadcast', txHash: A.txid, txHex: A.hex });
    await chains.ltc.mine(2);
    await clean();
  }, 120_000);

  it("keeps the node's bytes, not the pasted ones, when the node has the sweep already", async () => {
    await deposit('0.95');
    const a = await build();
    const A = final(a.psbt);
    await chains.ltc.rpc.call('sendrawtransaction', [A.hex]);
    // Pasted back with a broken signature: the same hash (signatures are not part of it).
    const tx = sign(a.psbt);
    tx.finalize();
    const witness = tx.getInput(0).finalScriptWitness as Uint8Array[];
    const bad = Uint8Array.from(witness[0] as Uint8Array);
    bad[10] = (bad[10] as number) ^ 1;
    tx.updateInput(0, { finalScriptWitness: [bad, witness[1] as Uint8Array] }, true);
    expect(tx.id).toBe(A.txid);
    const res = await api(`/sweeps/${a.id}/signed`, { psbt: Buffer.from(tx.toPSBT()).toString('base64') });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(a.id)).toMatchObject({ status: 'broadcast', txHash: A.txid, txHex: A.hex });
    await chains.ltc.mine(2);
    await clean();
  }, 120_000);

  it('checks the destination again at paste-back', async () => {
    await deposit('0.15');
    const a = await build();
    const [d] = await t.services.db.select().from(chainSweeps).where(eq(chainSweeps.id, a.id));
    // Handed out since the build (as if the look-ahead had reached it).
    const u = await makeUser(t);
    await t.services.db.insert(chainAddresses).values({
      network: 'LTC',
      address: d?.destination as string,
      index: 900_000,
      purpose: 'user',
      userId: u.id,
    });
    const res = await api(`/sweeps/${a.id}/signed`, { psbt: signedPsbt(a.psbt) });
    expect([res.statusCode, res.json().error?.code]).toEqual([400, 'SWEEP_ADDRESS_OURS']);
    expect(await row(a.id)).toMatchObject({ status: 'built' });
  }, 120_000);
});
