import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { p2wpkh, SigHash, Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { buildSweepPsbt, finalizeSignedSweep, parseSweepAccount } from './psbt-sweep.js';
import { utxoTxNetwork } from './tx-network.js';

// A pasted signed sweep is taken only when every signature covers the whole transaction
// (SIGHASH_ALL): with NONE or ANYONECANPAY, whoever relays it could change where the coins go.
const net = utxoTxNetwork('LTC', 'regtest');
const master = HDKey.fromMasterSeed(randomBytes(32));
const fingerprint = master.fingerprint.toString(16).padStart(8, '0');
const account = parseSweepAccount(
  `[${fingerprint}/84h/1h/0h]${master.derive("m/84'/1'/0'").publicExtendedKey}`,
  net,
);
const destination = p2wpkh(master.derive('m/0/0').publicKey as Uint8Array, net.params).address as string;
const deposits = [
  { txid: 'aa'.repeat(32), vout: 0, amount: 10_000_000n, index: 0 },
  { txid: 'bb'.repeat(32), vout: 1, amount: 5_000_000n, index: 3 },
];

function signed(sighash?: number): { base64: string; amount: bigint } {
  const sweep = buildSweepPsbt({ deposits, account, destination, feeRate: 2, net });
  const tx = Transaction.fromPSBT(Buffer.from(sweep.psbtBase64, 'base64'));
  if (sighash !== undefined)
    for (let i = 0; i < tx.inputsLength; i++) tx.updateInput(i, { sighashType: sighash });
  tx.sign(master as Parameters<Transaction['sign']>[0], sighash === undefined ? undefined : [sighash]);
  return { base64: Buffer.from(tx.toPSBT()).toString('base64'), amount: sweep.amount };
}

const check = (s: { base64: string; amount: bigint }) =>
  finalizeSignedSweep(s.base64, { deposits, destination, amount: s.amount, account }, net);

describe('a pasted signed sweep', () => {
  it('signed with SIGHASH_ALL is finalized', () => {
    expect(check(signed()).txid).toMatch(/^[0-9a-f]{64}$/);
    expect(check(signed(SigHash.ALL)).txid).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['NONE', SigHash.NONE],
    ['ALL|ANYONECANPAY', SigHash.ALL_ANYONECANPAY],
    ['NONE|ANYONECANPAY', SigHash.NONE_ANYONECANPAY],
    ['SINGLE', SigHash.SINGLE],
  ])('signed with %s is refused', (_name, sighash) => {
    expect(() => check(signed(sighash))).toThrow(
      expect.objectContaining({ reason: 'psbt-sighash', message: expect.stringContaining('SIGHASH_ALL') }),
    );
  });
});
