import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { p2wpkh, Transaction } from '@scure/btc-signer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  broadcastSignedSweep,
  buildSweepPsbt,
  type Deposit,
  depositKey,
  finalizeSignedSweep,
  parseSweepAccount,
  type SweepAccount,
} from './psbt-sweep.js';
import { utxoTxNetwork } from './tx-network.js';
import { UtxoTxError } from './tx-size.js';
import { type RegtestNode, startRegtestNode, toSats } from './utxo-tx.test-helpers.js';

const net = utxoTxNetwork('LTC', 'regtest');
let node: RegtestNode;
// The operator's wallet: its seed never reaches the code under test, only the account's public key.
const master = HDKey.fromMasterSeed(randomBytes(32));
const fingerprint = master.fingerprint.toString(16).padStart(8, '0');
const accountKey = master.derive("m/84'/1'/0'");
let account: SweepAccount;

beforeAll(async () => {
  node = await startRegtestNode();
  account = parseSweepAccount(`[${fingerprint}/84h/1h/0h]${accountKey.publicExtendedKey}`, net);
}, 120_000);
afterAll(async () => {
  await node?.stop();
});

const signInOperatorWallet = (psbtBase64: string) => {
  const tx = Transaction.fromPSBT(Buffer.from(psbtBase64, 'base64'));
  // Signs by the inputs' BIP 32 origins, as a hardware wallet would: only a matching fingerprint signs.
  tx.sign(master as Parameters<Transaction['sign']>[0]);
  return Buffer.from(tx.toPSBT()).toString('base64');
};

describe('PSBT sweep on litecoind -regtest', () => {
  it('sweeps deposits at key/0/i by a PSBT the operator signs; the node takes it and the coins arrive', async () => {
    expect(account.accountPath).toBe("m/84'/1'/0'");
    const addresses = [0, 1, 2].map((i) => depositKey(account, i, net).address);
    expect(addresses[0]).toBe(
      p2wpkh(master.derive("m/84'/1'/0'/0/0").publicKey as Uint8Array, net.params).address,
    );
    const funded = [
      { ...(await node.fund(addresses[0] as string, 10_000_000n)), index: 0 },
      { ...(await node.fund(addresses[2] as string, 25_000_000n)), index: 2 },
      { ...(await node.fund(addresses[2] as string, 3_000_000n)), index: 2 },
    ];
    const destination = await node.call<string>('getnewaddress');
    const sweep = buildSweepPsbt({ deposits: funded, account, destination, feeRate: 2, net });
    expect(sweep.amount + sweep.fee).toBe(38_000_000n);

    // The node reads the PSBT as a wallet would: witness UTXOs, origins, next step a signature.
    const decoded = await node.call<{
      inputs: {
        witness_utxo: { amount: number };
        bip32_derivs: { master_fingerprint: string; path: string }[];
      }[];
      fee: number;
    }>('decodepsbt', [sweep.psbtBase64]);
    expect(decoded.inputs.map((i) => i.bip32_derivs[0])).toEqual(
      funded.map((d) =>
        expect.objectContaining({ master_fingerprint: fingerprint, path: `m/84'/1'/0'/0/${d.index}` }),
      ),
    );
    expect(toSats(decoded.fee)).toBe(sweep.fee);
    const analysed = await node.call<{ next: string }>('analyzepsbt', [sweep.psbtBase64]);
    expect(analysed.next).toBe('signer');

    const expected = { deposits: sweep.deposits, destination, amount: sweep.amount, account };
    expect(() => finalizeSignedSweep(sweep.psbtBase64, expected, net)).toThrow(/not fully signed/);
    const signed = signInOperatorWallet(sweep.psbtBase64);
    const sent = await broadcastSignedSweep(node.call, signed, expected, net);
    const [accept] = await node.call<{ allowed: boolean; 'reject-reason'?: string }[]>('testmempoolaccept', [
      [sent.hex],
    ]);
    expect(accept?.['reject-reason']).toBe('txn-already-in-mempool');
    await node.mine(1);
    expect(toSats(await node.call<number>('getreceivedbyaddress', [destination, 1]))).toBe(sweep.amount);
    for (const d of funded) expect(await node.call('gettxout', [d.txid, d.vout])).toBeNull();
  });

  it('refuses a signed PSBT that spends other inputs or pays another output', async () => {
    const addr = depositKey(account, 5, net).address;
    const a: Deposit = { ...(await node.fund(addr, 4_000_000n)), index: 5 };
    const b: Deposit = { ...(await node.fund(addr, 6_000_000n)), index: 5 };
    const destination = await node.call<string>('getnewaddress');
    const elsewhere = await node.call<string>('getnewaddress');
    const mine = buildSweepPsbt({ deposits: [a], account, destination, feeRate: 2, net });
    const expected = { deposits: mine.deposits, destination, amount: mine.amount, account };
    const reason = (psbt: string) => {
      try {
        finalizeSignedSweep(psbt, expected, net);
        return 'accepted';
      } catch (err) {
        return (err as UtxoTxError).reason;
      }
    };
    const toElsewhere = buildSweepPsbt({ deposits: [a], account, destination: elsewhere, feeRate: 2, net });
    expect(reason(signInOperatorWallet(toElsewhere.psbtBase64))).toBe('psbt-mismatch');
    const moreInputs = buildSweepPsbt({ deposits: [a, b], account, destination, feeRate: 2, net });
    expect(reason(signInOperatorWallet(moreInputs.psbtBase64))).toBe('psbt-mismatch');
    const higherFee = buildSweepPsbt({ deposits: [a], account, destination, feeRate: 20, net });
    expect(reason(signInOperatorWallet(higherFee.psbtBase64))).toBe('psbt-mismatch');
    expect(reason('bm90IGEgcHNidA==')).toBe('psbt-mismatch');
    expect(reason(signInOperatorWallet(mine.psbtBase64))).toBe('accepted');
    // Nothing refused reached the node: both deposits are still unspent.
    expect(await node.call('gettxout', [a.txid, a.vout])).not.toBeNull();
    expect(await node.call('gettxout', [b.txid, b.vout])).not.toBeNull();
  });

  it('needs the fingerprint and a public key at the account depth', () => {
    const bare = accountKey.publicExtendedKey;
    expect(() => parseSweepAccount(bare, net)).toThrow(/fingerprint/);
    expect(parseSweepAccount(bare, net, { masterFingerprint: fingerprint }).accountPath).toBe("m/84'/1'/0'");
    expect(() =>
      parseSweepAccount(`[${fingerprint}/84h/1h/0h]${accountKey.privateExtendedKey}`, net),
    ).toThrow(UtxoTxError);
    expect(() => parseSweepAccount(`[${fingerprint}/84h/1h]${bare}`, net)).toThrow(/depth/);
  });
});
