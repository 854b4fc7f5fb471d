import { HDKey } from '@scure/bip32';
import { bip32Path, p2wpkh, Transaction } from '@scure/btc-signer';
import type { Utxo } from './coin-select.js';
import type { NodeCall } from './fee-rate.js';
import { RBF_SEQUENCE, type UtxoTxNetwork } from './tx-network.js';
import { dustThreshold, feeFor, outputScript, p2wpkhSpendVsize, toHex, UtxoTxError } from './tx-size.js';

/**
 * Sweeping deposits without a key on the server (BIP 174): the server builds a PSBT spending the
 * deposit outputs, each input carrying its witness UTXO and its BIP 32 origin (the account's master
 * fingerprint and the full path m/84'/coin'/account'/0/i), so the operator's own wallet (a hardware
 * wallet, Sparrow, Electrum) recognises the keys and signs. The signed PSBT comes back, is checked
 * against what was built (the same inputs, one output: that address, that amount), finalized and
 * broadcast.
 */
export interface SweepAccount {
  /** The account-level public key (depth 3 for BIP 84). */
  key: HDKey;
  /** The master key's fingerprint, as wallets put it in PSBTs. */
  masterFingerprint: number;
  /** m/84'/coin'/account' */
  accountPath: string;
}

export interface Deposit extends Utxo {
  /** i in key/0/i */
  index: number;
}

// xpub, tpub, zpub, vpub, Ltub, ttub: the public versions wallets export an account key under.
const PUBLIC_VERSIONS = [0x0488b21e, 0x043587cf, 0x04b24746, 0x045f1cf6, 0x019da462, 0x0436f6e1];

/** An account's extended public key under any of those prefixes (only the key counts). Private keys are refused. */
function publicAccountKey(text: string): HDKey {
  let last = 'unknown prefix';
  for (const version of PUBLIC_VERSIONS) {
    try {
      return HDKey.fromExtendedKey(text, { public: version, private: 0 });
    } catch (err) {
      last = (err as Error).message;
    }
  }
  throw new UtxoTxError('bad-key', `not an extended public key (${last})`);
}

/**
 * The account from a key with its origin, `[d34db33f/84'/2'/0']zpub…` (as Sparrow and Bitcoin Core
 * descriptors write it), or a bare key with the fingerprint given apart; the path defaults to BIP 84's
 * first account for the network.
 */
export function parseSweepAccount(
  text: string,
  net: UtxoTxNetwork,
  o: { masterFingerprint?: string; accountPath?: string } = {},
): SweepAccount {
  const m = /^\s*(?:\[([0-9a-fA-F]{8})((?:\/\d+['hH]?)*)\])?([1-9A-HJ-NP-Za-km-z]+)\s*$/.exec(text);
  if (!m) throw new UtxoTxError('bad-key', 'expected [fingerprint/path]xpub or an extended public key');
  const fingerprintHex = m[1] ?? o.masterFingerprint;
  if (!fingerprintHex || !/^[0-9a-fA-F]{8}$/.test(fingerprintHex)) {
    throw new UtxoTxError(
      'bad-key',
      "the master key's fingerprint (8 hex digits) is needed for a wallet to sign",
    );
  }
  const accountPath = m[2]
    ? `m${m[2].replace(/[hH]/g, "'")}`
    : (o.accountPath ?? `m/84'/${net.coinType}'/0'`);
  bip32Path(accountPath);
  const key = publicAccountKey(m[3] ?? '');
  const depth = accountPath.split('/').length - 1;
  if (key.depth !== depth)
    throw new UtxoTxError('bad-key', `the key is at depth ${key.depth}, the path ${accountPath} at ${depth}`);
  return { key, masterFingerprint: Number.parseInt(fingerprintHex, 16), accountPath };
}

/** Deposit address i (key/0/i, P2WPKH) and its public key. */
export function depositKey(account: SweepAccount, index: number, net: UtxoTxNetwork) {
  const publicKey = account.key.deriveChild(0).deriveChild(index).publicKey;
  if (!publicKey) throw new UtxoTxError('bad-key', `no public key at index ${index}`);
  const pay = p2wpkh(publicKey, net.params);
  return { publicKey, script: pay.script, address: pay.address as string };
}

export interface SweepPsbt {
  psbtBase64: string;
  /** What the destination receives: the deposits less the fee. */
  amount: bigint;
  fee: bigint;
  vsize: number;
  destination: string;
  deposits: Deposit[];
  /** The hash of the transaction once signed (SegWit: signatures are not part of it). */
  txid: string;
}

export function buildSweepPsbt(o: {
  deposits: readonly Deposit[];
  account: SweepAccount;
  destination: string;
  feeRate: number;
  net: UtxoTxNetwork;
  /** nLockTime: the current height (anti fee sniping), which also tells two builds apart. */
  lockTime?: number;
}): SweepPsbt {
  if (o.deposits.length === 0) throw new UtxoTxError('no-outputs', 'nothing to sweep');
  const seen = new Set(o.deposits.map((d) => `${d.txid}:${d.vout}`));
  if (seen.size !== o.deposits.length)
    throw new UtxoTxError('psbt-mismatch', 'a deposit output is listed twice');
  const destScript = outputScript(o.destination, o.net);
  const vsize = p2wpkhSpendVsize(o.deposits.length, [destScript.length]);
  const fee = feeFor(o.feeRate, vsize);
  const total = o.deposits.reduce((s, d) => s + d.amount, 0n);
  const amount = total - fee;
  if (amount < dustThreshold(destScript, o.net)) {
    throw new UtxoTxError('dust', `${total} swept less a fee of ${fee} leaves dust`);
  }
  const tx = new Transaction({ version: 2, lockTime: o.lockTime ?? 0 });
  for (const d of o.deposits) {
    const k = depositKey(o.account, d.index, o.net);
    tx.addInput({
      txid: d.txid,
      index: d.vout,
      sequence: RBF_SEQUENCE,
      witnessUtxo: { script: k.script, amount: d.amount },
      bip32Derivation: [
        [
          k.publicKey,
          {
            fingerprint: o.account.masterFingerprint,
            path: bip32Path(`${o.account.accountPath}/0/${d.index}`),
          },
        ],
      ],
    });
  }
  tx.addOutput({ script: destScript, amount });
  return {
    psbtBase64: Buffer.from(tx.toPSBT()).toString('base64'),
    amount,
    fee,
    vsize,
    destination: o.destination,
    deposits: [...o.deposits],
    txid: tx.id,
  };
}

/**
 * The signed PSBT, checked against what was built: exactly those deposit outputs (same amounts and
 * scripts), exactly one output paying the destination the same amount. Anything else is refused.
 * Then finalized and extracted.
 */
export function finalizeSignedSweep(
  signedBase64: string,
  expected: Pick<SweepPsbt, 'deposits' | 'destination' | 'amount'> & { account: SweepAccount },
  net: UtxoTxNetwork,
): { txid: string; hex: string } {
  let tx: Transaction;
  try {
    tx = Transaction.fromPSBT(Buffer.from(signedBase64.trim(), 'base64'));
  } catch (err) {
    throw new UtxoTxError('psbt-mismatch', `not a PSBT (${(err as Error).message})`);
  }
  const wanted = new Map(expected.deposits.map((d) => [`${d.txid}:${d.vout}`, d]));
  if (tx.inputsLength !== wanted.size) {
    throw new UtxoTxError(
      'psbt-mismatch',
      `the PSBT spends ${tx.inputsLength} outputs, not the ${wanted.size} swept`,
    );
  }
  for (let i = 0; i < tx.inputsLength; i++) {
    const input = tx.getInput(i);
    const key = `${input.txid ? toHex(input.txid) : ''}:${input.index}`;
    const d = wanted.get(key);
    if (!d) throw new UtxoTxError('psbt-mismatch', `input ${i} (${key}) is not one of the swept deposits`);
    wanted.delete(key);
    const script = depositKey(expected.account, d.index, net).script;
    if (input.witnessUtxo?.amount !== d.amount || toHex(input.witnessUtxo.script) !== toHex(script)) {
      throw new UtxoTxError('psbt-mismatch', `input ${i} claims another amount or script than the deposit`);
    }
    // A signature over less than the whole transaction (NONE, SINGLE, ANYONECANPAY) lets whoever
    // relays or mines it change its outputs or add inputs: only SIGHASH_ALL is taken.
    const other = sighashesOf(input).find((h) => h !== SIGHASH_ALL);
    if (other !== undefined)
      throw new UtxoTxError(
        'psbt-sighash',
        `input ${i} is signed with sighash 0x${other.toString(16).padStart(2, '0')}; only SIGHASH_ALL (0x01) is accepted`,
      );
  }
  const destScript = toHex(outputScript(expected.destination, net));
  const out = tx.outputsLength === 1 ? tx.getOutput(0) : undefined;
  if (!out?.script || toHex(out.script) !== destScript || out.amount !== expected.amount) {
    throw new UtxoTxError(
      'psbt-mismatch',
      `the PSBT must pay ${expected.amount} to ${expected.destination} and nothing else`,
    );
  }
  try {
    if (!tx.isFinal) tx.finalize();
  } catch (err) {
    throw new UtxoTxError('psbt-unsigned', `the PSBT is not fully signed (${(err as Error).message})`);
  }
  return { txid: tx.id, hex: toHex(tx.extract()) };
}

const SIGHASH_ALL = 0x01;

/** The sighash types an input asks for or is signed with (a signature's last byte). */
function sighashesOf(input: ReturnType<Transaction['getInput']>): number[] {
  const out: number[] = [];
  if (input.sighashType !== undefined) out.push(input.sighashType);
  for (const [, sig] of input.partialSig ?? []) out.push(sig[sig.length - 1] as number);
  // P2WPKH finalized: [signature, public key].
  const sig = input.finalScriptWitness?.[0];
  if (sig && sig.length > 0) out.push(sig[sig.length - 1] as number);
  return out;
}

/** Checks, finalizes and broadcasts a signed sweep; the txid the node took. */
export async function broadcastSignedSweep(
  call: NodeCall,
  signedBase64: string,
  expected: Pick<SweepPsbt, 'deposits' | 'destination' | 'amount'> & { account: SweepAccount },
  net: UtxoTxNetwork,
): Promise<{ txid: string; hex: string }> {
  const done = finalizeSignedSweep(signedBase64, expected, net);
  const txid = (await call('sendrawtransaction', [done.hex])) as string;
  if (txid !== done.txid) throw new Error(`the node took ${txid}, not ${done.txid}`);
  return done;
}
