import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { Transaction } from '@scure/btc-signer';
import { Decimal } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, chainDeposits, chainSweeps } from '../../../db/schema';
import { logLines, type TestApp } from '../../../test/test-app';
import { assetId, makeUser } from '../../ledger/ledger.test-helpers';
import { waitFor } from '../chain.test-helpers';
import { ledgerHeld } from '../chain-reconcile';
import { type LtcChains, ltcApp, pay, startLtcChains } from './ltc.test-helpers';
import { createUtxoAdapter, HoldingsMovedOn } from './utxo-adapter';

// Sweeping LTC deposit addresses by PSBT, and the books against a real node (litecoind -regtest):
// the server builds the PSBT from the watch-only account key with its origin; the operator's wallet
// (here the account's seed, which the server never sees) signs it; pasted back, it is checked,
// broadcast and seen, and the reconciliation stays clean. A PSBT paying anyone else changes nothing.
const master = HDKey.fromMasterSeed(randomBytes(32), { public: 0x043587cf, private: 0x04358394 });
const origin = `${master.fingerprint.toString(16).padStart(8, '0')}/84'/1'/0'`;
const METRICS = 'sweep-metrics-token-0123456789abcdef';
let chains: LtcChains;
let t: TestApp;
let admin: { id: string; token: string };
const lines: string[] = [];

beforeAll(async () => {
  chains = await startLtcChains({
    confirmations: 2,
    xpub: master.derive("m/84'/1'/0'").publicExtendedKey,
    origin,
  });
  chains.env.METRICS_TOKEN = METRICS;
  chains.env.LOG_LEVEL = 'warn';
  const logs = logLines(lines);
  t = await ltcApp(chains, logs);
  admin = await makeUser(t, { role: 'admin' });
}, 90_000);

afterAll(async () => {
  await t?.close();
  await chains?.stop();
});

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.request({ method, url: `/api/Admin/chains/LTC${url}`, token: admin.token, payload });
async function check() {
  const rows = await t.services.chain.reconcile('LTC');
  const r = rows?.find((x) => x.ticker === 'LTC');
  if (!r) throw new Error('LTC was not reconciled');
  return r;
}
const clean = async () => {
  const r = await check();
  expect(new Decimal(r.difference).isZero(), JSON.stringify(r)).toBe(true);
  return r;
};
async function metric(sample: string) {
  const res = await t.request({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS}` },
  });
  const line = res.body.split('\n').find((l) => l.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.slice(sample.length + 1));
}
const depositAddress = async (token: string) =>
  (
    await t.request({
      method: 'GET',
      url: `/api/Payment/crypto/address?assetId=${await assetId(t, 'LTC')}`,
      token,
    })
  ).json().content.address as string;
const balance = async (token: string) =>
  (
    (await t.request({ method: 'GET', url: '/api/Wallets', token })).json().content as {
      ticker: string;
      amount: string;
    }[]
  ).find((w) => w.ticker === 'LTC')?.amount ?? '0';
const ledgerLtc = async () =>
  (await ledgerHeld(t.services.db, (await assetId(t, 'LTC')) as string)).toFixed();
/** The operator's wallet: signs the inputs whose origin is its own fingerprint. */
const sign = (psbt: string, edit?: (tx: Transaction) => void) => {
  const tx = Transaction.fromPSBT(Buffer.from(psbt, 'base64'));
  edit?.(tx);
  tx.sign(master as Parameters<Transaction['sign']>[0]);
  return Buffer.from(tx.toPSBT()).toString('base64');
};

describe('LTC: the books match the chain, and deposits are swept by PSBT', () => {
  it("holdings are the node's: deposits in flight then booked keep it clean; a sweep signed outside is broadcast and seen", async () => {
    const [a, b] = [await makeUser(t), await makeUser(t)];
    const [toA, toB] = [await depositAddress(a.token), await depositAddress(b.token)];
    await pay(chains.ltc, { [toA]: '0.3', [toB]: '1.25' });
    await chains.ltc.mine(1);
    // Seen, not final: on chain, not booked, in flight.
    await waitFor(async () => (await check()).inFlight === '1.55', 20_000, 'seen in flight');
    expect(await clean()).toMatchObject({ chainHeld: '1.55', ledgerHeld: '0' });
    await chains.ltc.mine(1);
    await waitFor(async () => (await balance(b.token)) === '1.25', 20_000, 'credited');
    expect(await clean()).toMatchObject({ chainHeld: '1.55', ledgerHeld: '1.55', inFlight: '0' });
    expect(await metric('vaultline_chain_reconciliation_difference{network="LTC",asset="LTC"}')).toBe(0);

    // The Networks page's list: both deposits, with address and index.
    const view = (await api('GET', '/sweeps')).json().content;
    expect(view).toMatchObject({ ticker: 'LTC', total: '1.55', blocked: null, sweeps: [] });
    expect(view.held.map((h: { address: string; amount: string }) => [h.address, h.amount]).sort()).toEqual(
      [
        [toA, '0.3'],
        [toB, '1.25'],
      ].sort(),
    );

    // A destination of another network, or none: refused, nothing stored.
    for (const destination of ['ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9', 'not an address']) {
      const bad = await api('POST', '/sweeps', { destination });
      expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'SWEEP_ADDRESS_INVALID']);
    }
    // One of our own deposit addresses: refused (booked as leaving, it would be credited again).
    const own = await api('POST', '/sweeps', { destination: toA.toUpperCase() });
    expect([own.statusCode, own.json().error.code]).toEqual([400, 'SWEEP_ADDRESS_OURS']);
    expect(await t.services.db.select().from(chainSweeps)).toHaveLength(0);

    const destination = await chains.ltc.rpc.call<string>('getnewaddress', ['', 'bech32']);
    const built = await api('POST', '/sweeps', { destination });
    expect(built.statusCode).toBe(200);
    const sweep = built.json().content;
    expect(sweep).toMatchObject({ status: 'built', destination, txHash: null });
    expect(sweep.inputs).toHaveLength(2);
    expect(new Decimal(sweep.amount).plus(sweep.fee).toFixed()).toBe('1.55');
    const file = await api('GET', `/sweeps/${sweep.id}/psbt`);
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="ltc-sweep-[0-9a-f]{8}\.psbt"$/,
    );
    expect(file.rawPayload.toString('base64')).toBe(sweep.psbt);
    // A second sweep over the same deposits, built before the first is sent (at a higher fee, the
    // node would take it as a replacement): it is never also broadcast and booked.
    const second = (
      await api('POST', '/sweeps', { destination: await chains.ltc.rpc.call<string>('getnewaddress') })
    ).json().content;
    expect(second.inputs).toHaveLength(2);

    // Tampered (another output), another amount, or unsigned: refused; nothing changes.
    const other = await chains.ltc.rpc.call<string>('getnewaddress', ['', 'bech32']);
    const otherScript = (await chains.ltc.rpc.call<{ scriptPubKey: string }>('validateaddress', [other]))
      .scriptPubKey;
    const tampered = sign(sweep.psbt, (tx) =>
      tx.updateOutput(0, { script: Buffer.from(otherScript, 'hex') }),
    );
    const less = sign(sweep.psbt, (tx) => tx.updateOutput(0, { amount: 1000n }));
    for (const psbt of [tampered, less]) {
      const res = await api('POST', `/sweeps/${sweep.id}/signed`, { psbt });
      expect([res.statusCode, res.json().error.code]).toEqual([400, 'PSBT_MISMATCH']);
      expect(res.json().error.error).toContain('must pay');
    }
    const unsigned = await api('POST', `/sweeps/${sweep.id}/signed`, { psbt: sweep.psbt });
    expect([unsigned.statusCode, unsigned.json().error.code]).toEqual([400, 'PSBT_UNSIGNED']);
    const garbage = await api('POST', `/sweeps/${sweep.id}/signed`, { psbt: 'bm90IGEgcHNidA==' });
    expect([garbage.statusCode, garbage.json().error.code]).toEqual([400, 'PSBT_MISMATCH']);
    expect((await chains.ltc.rpc.call<string[]>('getrawmempool')).length).toBe(0);
    expect((await t.services.db.select().from(chainSweeps)).map((r) => r.status)).toEqual(['built', 'built']);
    expect(await ledgerLtc()).toBe('1.55');

    // Signed by the operator's wallet and pasted back: broadcast, booked out once, clean.
    const ok = await api('POST', `/sweeps/${sweep.id}/signed`, { psbt: sign(sweep.psbt) });
    expect(ok.statusCode).toBe(200);
    const sent = ok.json().content;
    expect(sent).toMatchObject({ status: 'broadcast', txHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await chains.ltc.rpc.call<string[]>('getrawmempool')).toEqual([sent.txHash]);
    expect(await ledgerLtc()).toBe('0');
    // In the pool, not mined: the coins are still at the deposit addresses, in flight.
    expect(await clean()).toMatchObject({ chainHeld: '1.55', ledgerHeld: '0', inFlight: '1.55' });
    expect((await api('GET', '/sweeps')).json().content.held).toEqual([]);
    const again = await api('POST', `/sweeps/${sweep.id}/signed`, { psbt: sign(sweep.psbt) });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'ALREADY_PROCESSED']);
    const twice = await api('POST', `/sweeps/${second.id}/signed`, { psbt: sign(second.psbt) });
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, 'SWEEP_INPUTS_SWEPT']);
    expect(await chains.ltc.rpc.call<string[]>('getrawmempool')).toEqual([sent.txHash]);
    expect(await ledgerLtc()).toBe('0');

    await chains.ltc.mine(1);
    await waitFor(async () => (await check()).chainHeld === '0', 20_000, 'the spend seen');
    expect(await clean()).toMatchObject({ ledgerHeld: '0', inFlight: '0' });
    const received = await chains.ltc.rpc.call<string>('getreceivedbyaddress', [destination, 1]);
    expect(new Decimal(received).toFixed()).toBe(sent.amount);
    const actions = (await t.services.db.select().from(auditLog).where(eq(auditLog.targetId, 'LTC'))).map(
      (r) => r.action,
    );
    expect(actions.sort()).toEqual(['chain.sweepBroadcast', 'chain.sweepBuilt', 'chain.sweepBuilt']);
    // Nothing left: a new sweep is refused with a clear message.
    const empty = await api('POST', '/sweeps', { destination });
    expect([empty.statusCode, empty.json().error.code]).toEqual([400, 'NOTHING_TO_SWEEP']);
  }, 90_000);

  it('coins at a deposit address from outside the books are a difference, an ALERT and a metric', async () => {
    const u = await makeUser(t);
    const to = await depositAddress(u.token);
    // A block's reward paid to the deposit address: on chain, never a deposit (coinbase), never booked.
    const before = await clean();
    const [hash] = await chains.ltc.rpc.call<string[]>('generatetoaddress', [1, to]);
    const block = await chains.ltc.rpc.call<{ tx: { vout: { value: string }[] }[] }>('getblock', [hash, 2]);
    const reward = new Decimal(block.tx[0]?.vout[0]?.value ?? '0').toFixed();
    await waitFor(async () => (await check()).difference === reward, 20_000, 'the difference seen');
    const r = await check();
    expect(new Decimal(r.chainHeld).minus(before.chainHeld).toFixed()).toBe(reward);
    expect([r.ledgerHeld, r.inFlight]).toEqual([before.ledgerHeld, before.inFlight]);
    expect(lines.some((l) => l.includes(`ALERT LTC: the books and the chain differ by ${reward} LTC`))).toBe(
      true,
    );
    expect(await metric('vaultline_chain_reconciliation_difference{network="LTC",asset="LTC"}')).toBe(
      Number(r.difference),
    );
    const status = (await t.request({ method: 'GET', url: '/api/Admin/chains', token: admin.token })).json();
    const ltc = status.content.networks.find((n: { network: string }) => n.network === 'LTC');
    expect(ltc.reconciliation[0]).toMatchObject({ ticker: 'LTC', difference: r.difference });
  }, 60_000);

  it("holdings read the node's UTXO set in chunks, at the last block read only", async () => {
    const xpub = master.derive("m/84'/1'/0'").publicExtendedKey;
    const adapter = createUtxoAdapter({
      network: 'LTC',
      kind: 'regtest',
      rpcUrl: chains.ltc.url,
      xpub,
      decimals: 8,
    });
    // 1,001 addresses: two chunks; the last one alone in the second.
    const addresses = Array.from({ length: 1001 }, (_, i) => adapter.depositAddress(5000 + i).address);
    await pay(chains.ltc, { [addresses[1000] as string]: '0.0007', [addresses[0] as string]: '0.002' });
    await chains.ltc.mine(1);
    const head = await adapter.head();
    expect(await adapter.holdings?.(addresses, head)).toEqual(new Map([['LTC', 270_000n]]));
    await expect(adapter.holdings?.(addresses, head - 1)).rejects.toBeInstanceOf(HoldingsMovedOn);
  }, 60_000);

  it('leaves dust out of a sweep: never booked in, so never booked out', async () => {
    const u = await makeUser(t);
    const to = await depositAddress(u.token);
    // Below LTC's dust threshold (0.0001): recorded and held, never credited.
    await pay(chains.ltc, { [to]: '0.00005' });
    await chains.ltc.mine(2);
    await waitFor(
      async () =>
        (await t.services.db.select().from(chainDeposits).where(eq(chainDeposits.address, to)))[0]
          ?.holdReason === 'dust',
      20_000,
      'the dust recorded final',
    );
    const view = (await api('GET', '/sweeps')).json().content;
    expect(view.held.map((h: { address: string }) => h.address)).not.toContain(to);
  }, 60_000);
});
