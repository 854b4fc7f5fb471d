import { p2wpkh, Transaction, WIF } from '@scure/btc-signer';
import { pubECDSA } from '@scure/btc-signer/utils.js';
import { type CoinSelection, type Payment, selectCoins, type Utxo } from './coin-select.js';
import { RBF_SEQUENCE, type UtxoTxNetwork } from './tx-network.js';
import { UtxoTxError } from './tx-size.js';

/** The payout hot wallet: one WIF key, its native SegWit (P2WPKH) address, where its change returns. */
export interface HotWallet {
  privateKey: Uint8Array;
  publicKey: Uint8Array;
  script: Uint8Array;
  address: string;
}

export function hotWalletFromWif(wif: string, net: UtxoTxNetwork): HotWallet {
  let privateKey: Uint8Array;
  try {
    privateKey = WIF(net.params).decode(wif.trim());
  } catch (err) {
    throw new UtxoTxError('bad-key', `not a ${net.coin} ${net.kind} WIF key (${(err as Error).message})`);
  }
  const publicKey = pubECDSA(privateKey);
  const pay = p2wpkh(publicKey, net.params);
  return { privateKey, publicKey, script: pay.script, address: pay.address as string };
}

/** A signed transaction, as it is stored before it is broadcast (and broadcast again, byte for byte). */
export interface SignedUtxoTx {
  txid: string;
  hex: string;
  /** Virtual size of the signed transaction (not the estimate). */
  vsize: number;
  fee: bigint;
  inputs: Utxo[];
  outputs: Payment[];
  changeIndex: number | null;
  change: bigint;
  feeRate: number;
}

/**
 * Signs a selection's inputs (all at the hot wallet's address) with its key, every input signalling
 * BIP 125 replaceability, and serializes the transaction.
 */
export function signSelection(sel: CoinSelection, hot: HotWallet): SignedUtxoTx {
  const tx = new Transaction({ version: 2 });
  for (const u of sel.inputs) {
    tx.addInput({
      txid: u.txid,
      index: u.vout,
      sequence: RBF_SEQUENCE,
      witnessUtxo: { script: hot.script, amount: u.amount },
    });
  }
  for (const o of sel.outputs) tx.addOutput({ script: o.script, amount: o.amount });
  tx.sign(hot.privateKey);
  tx.finalize();
  if (tx.fee !== sel.fee) throw new Error(`signed fee ${tx.fee} differs from the selection's ${sel.fee}`);
  if (tx.vsize > sel.vsize) throw new Error(`signed vsize ${tx.vsize} above the estimate ${sel.vsize}`);
  return {
    txid: tx.id,
    hex: tx.hex,
    vsize: tx.vsize,
    fee: sel.fee,
    inputs: sel.inputs,
    outputs: sel.outputs.map((o) => ({ address: o.address, amount: o.amount })),
    changeIndex: sel.changeIndex,
    change: sel.change,
    feeRate: sel.feeRate,
  };
}

export const DEFAULT_BATCH_MAX = 50;

/** Payouts waiting together, in batches of at most `max` (NET_BATCH_MAX) outputs, in their order. */
export function batchesOf<T>(items: readonly T[], max = DEFAULT_BATCH_MAX): T[][] {
  if (!Number.isInteger(max) || max < 1)
    throw new UtxoTxError('too-many-outputs', `a batch size must be ≥ 1, not ${max}`);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += max) out.push(items.slice(i, i + max));
  return out;
}

export interface BatchPayoutInput {
  utxos: readonly Utxo[];
  payments: readonly Payment[];
  feeRate: number;
  hot: HotWallet;
  net: UtxoTxNetwork;
  /** NET_BATCH_MAX: the most payments one transaction carries (default 50). */
  batchMax?: number;
}

/**
 * One signed transaction paying several payouts at once from the hot wallet's outputs, change back
 * to the hot address. It is one stored transaction: it is paid once, or (replaced) not at all.
 */
export function buildBatchPayout(o: BatchPayoutInput): SignedUtxoTx {
  const max = o.batchMax ?? DEFAULT_BATCH_MAX;
  if (o.payments.length > max) {
    throw new UtxoTxError('too-many-outputs', `${o.payments.length} payments is more than a batch of ${max}`);
  }
  const selection = selectCoins({
    utxos: o.utxos,
    payments: o.payments,
    feeRate: o.feeRate,
    changeAddress: o.hot.address,
    net: o.net,
  });
  return signSelection(selection, o.hot);
}
