import type { UtxoTxNetwork } from './tx-network.js';
import { dustThreshold, feeFor, outputScript, p2wpkhSpendVsize, UtxoTxError } from './tx-size.js';

/** An unspent output we hold at a P2WPKH address. Amounts are satoshis (litoshis) as integers. */
export interface Utxo {
  txid: string;
  vout: number;
  amount: bigint;
}

export interface Payment {
  address: string;
  amount: bigint;
}

export interface SelectedOutput extends Payment {
  script: Uint8Array;
}

export interface CoinSelection {
  inputs: Utxo[];
  /** The payments in the order given, then the change (if any) last. */
  outputs: SelectedOutput[];
  /** Index of the change output in `outputs`, or null when the leftover was too small to keep. */
  changeIndex: number | null;
  change: bigint;
  fee: bigint;
  /** Virtual size of the signed transaction, counted at its largest. */
  vsize: number;
  feeRate: number;
}

export interface SelectCoinsInput {
  utxos: readonly Utxo[];
  payments: readonly Payment[];
  /** sat/vB */
  feeRate: number;
  changeAddress: string;
  net: UtxoTxNetwork;
  maxInputs?: number;
}

/** Checks the payments (positive, not dust, this network's addresses) and gives their scripts. */
export function paymentOutputs(payments: readonly Payment[], net: UtxoTxNetwork): SelectedOutput[] {
  if (payments.length === 0) throw new UtxoTxError('no-outputs', 'a transaction needs at least one payment');
  return payments.map((p) => {
    if (typeof p.amount !== 'bigint' || p.amount <= 0n) {
      throw new UtxoTxError(
        'bad-amount',
        `a payment must be a positive whole number of satoshis, not ${p.amount}`,
      );
    }
    const script = outputScript(p.address, net);
    const dust = dustThreshold(script, net);
    if (p.amount < dust) {
      throw new UtxoTxError('dust', `${p.amount} to ${p.address} is below the dust threshold of ${dust}`);
    }
    return { address: p.address, amount: p.amount, script };
  });
}

/**
 * Coin selection: the largest outputs first until they pay the payments and the fee at `feeRate`
 * for the transaction's exact virtual size; the rest goes back to `changeAddress`, unless it would
 * be dust (then it adds to the fee, as Bitcoin Core's wallet does). Always, to the satoshi:
 * Σ inputs = Σ payments + change + fee, and fee ≥ feeRate × vsize.
 */
export function selectCoins(o: SelectCoinsInput): CoinSelection {
  const payOuts = paymentOutputs(o.payments, o.net);
  feeFor(o.feeRate, 1); // refuses a bad rate before anything else
  const changeScript = outputScript(o.changeAddress, o.net);
  const changeDust = dustThreshold(changeScript, o.net);
  const target = payOuts.reduce((sum, p) => sum + p.amount, 0n);
  const lengths = payOuts.map((p) => p.script.length);
  const sorted = [...o.utxos].sort((a, b) =>
    a.amount === b.amount ? (a.txid + a.vout < b.txid + b.vout ? -1 : 1) : a.amount > b.amount ? -1 : 1,
  );
  for (const u of sorted) {
    if (typeof u.amount !== 'bigint' || u.amount <= 0n) {
      throw new UtxoTxError('bad-amount', `an unspent output's amount must be positive: ${u.txid}:${u.vout}`);
    }
  }
  const limit = Math.min(sorted.length, o.maxInputs ?? sorted.length);
  let total = 0n;
  for (let k = 1; k <= limit; k++) {
    const inputs = sorted.slice(0, k);
    total += inputs[k - 1]?.amount ?? 0n;
    const vsizeWithChange = p2wpkhSpendVsize(k, [...lengths, changeScript.length]);
    const feeWithChange = feeFor(o.feeRate, vsizeWithChange);
    const change = total - target - feeWithChange;
    if (change >= changeDust) {
      return {
        inputs,
        outputs: [...payOuts, { address: o.changeAddress, amount: change, script: changeScript }],
        changeIndex: payOuts.length,
        change,
        fee: feeWithChange,
        vsize: vsizeWithChange,
        feeRate: o.feeRate,
      };
    }
    const vsize = p2wpkhSpendVsize(k, lengths);
    if (total >= target + feeFor(o.feeRate, vsize)) {
      return {
        inputs,
        outputs: payOuts,
        changeIndex: null,
        change: 0n,
        fee: total - target,
        vsize,
        feeRate: o.feeRate,
      };
    }
  }
  const all = sorted.slice(0, limit).reduce((sum, u) => sum + u.amount, 0n);
  throw new UtxoTxError(
    'insufficient-funds',
    `${all} in ${limit} unspent outputs cannot pay ${target} and the fee at ${o.feeRate} sat/vB`,
  );
}
