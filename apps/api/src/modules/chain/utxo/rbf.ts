import { Transaction } from '@scure/btc-signer';
import type { CoinSelection, SelectedOutput, Utxo } from './coin-select.js';
import type { NodeCall } from './fee-rate.js';
import type { UtxoTxNetwork } from './tx-network.js';
import { dustThreshold, feeFor, p2wpkhSpendVsize, toHex, toSatoshis, UtxoTxError } from './tx-size.js';
import { type HotWallet, type SignedUtxoTx, signSelection } from './utxo-tx-build.js';

/**
 * Fee bumping by replacement (BIP 125). The replacement spends exactly the same inputs and pays the
 * same payouts, the same amounts to the same scripts, in the same order; only the change to the hot
 * address shrinks (or goes, when what is left would be dust). Since both spend the same outputs, at
 * most one of them can ever confirm; `findConfirmedReplacement` asks the node which one did (the payout
 * job reads it from the scanner's rows instead: batch-mined.ts).
 */
export interface BumpFeeInput {
  /** The stored signed transaction being replaced. */
  originalHex: string;
  /** The outputs it spends, with their amounts (the hot wallet's records). */
  spent: readonly Utxo[];
  /** The new rate, sat/vB. */
  feeRate: number;
  hot: HotWallet;
  net: UtxoTxNetwork;
  /** The node's -incrementalrelayfee in sat/vB (Bitcoin Core and Litecoin Core: 1). */
  incrementalRelayFeeRate?: number;
}

const outpoint = (txid: string, vout: number) => `${txid}:${vout}`;

export function bumpFee(o: BumpFeeInput): SignedUtxoTx {
  const original = Transaction.fromRaw(Buffer.from(o.originalHex, 'hex'));
  const byOutpoint = new Map(o.spent.map((u) => [outpoint(u.txid, u.vout), u]));
  const inputs: Utxo[] = [];
  for (let i = 0; i < original.inputsLength; i++) {
    const input = original.getInput(i);
    if (!input.txid || input.index === undefined)
      throw new UtxoTxError('psbt-mismatch', `input ${i} has no outpoint`);
    if ((input.sequence ?? 0xffffffff) >= 0xfffffffe) {
      throw new UtxoTxError('not-replaceable', `input ${i} does not signal replaceability (BIP 125)`);
    }
    const u = byOutpoint.get(outpoint(toHex(input.txid), input.index));
    if (!u)
      throw new UtxoTxError('psbt-mismatch', `input ${i} spends an output that is not in the spent list`);
    inputs.push(u);
  }
  if (inputs.length !== o.spent.length) {
    throw new UtxoTxError('psbt-mismatch', 'the spent list has outputs the transaction does not spend');
  }
  const totalIn = inputs.reduce((s, u) => s + u.amount, 0n);
  const hotScript = toHex(o.hot.script);
  const payments: SelectedOutput[] = [];
  let originalOut = 0n;
  for (let i = 0; i < original.outputsLength; i++) {
    const out = original.getOutput(i);
    if (!out.script || out.amount === undefined)
      throw new UtxoTxError('psbt-mismatch', `output ${i} is incomplete`);
    originalOut += out.amount;
    // The change goes last, to the hot address; everything else is a payout and is kept as it is.
    if (i === original.outputsLength - 1 && toHex(out.script) === hotScript && original.outputsLength > 1)
      continue;
    payments.push({
      address: original.getOutputAddress(i, o.net.params) ?? '',
      amount: out.amount,
      script: out.script,
    });
  }
  const originalFee = totalIn - originalOut;
  const paid = payments.reduce((s, p) => s + p.amount, 0n);
  const lengths = payments.map((p) => p.script.length);
  const incremental = o.incrementalRelayFeeRate ?? 1;
  // BIP 125 rule 4: the replacement pays at least the original's fee plus its own relay at the incremental rate.
  const required = (vsize: number) => {
    const atRate = feeFor(o.feeRate, vsize);
    const overOriginal = originalFee + feeFor(incremental, vsize);
    // bigints: Math.max does not take them.
    if (atRate > overOriginal) return atRate;
    return overOriginal;
  };
  const withChange = p2wpkhSpendVsize(inputs.length, [...lengths, o.hot.script.length]);
  const feeWithChange = required(withChange);
  const change = totalIn - paid - feeWithChange;
  let selection: CoinSelection;
  if (change >= dustThreshold(o.hot.script, o.net)) {
    selection = {
      inputs,
      outputs: [...payments, { address: o.hot.address, amount: change, script: o.hot.script }],
      changeIndex: payments.length,
      change,
      fee: feeWithChange,
      vsize: withChange,
      feeRate: o.feeRate,
    };
  } else {
    const vsize = p2wpkhSpendVsize(inputs.length, lengths);
    if (totalIn - paid < required(vsize)) {
      throw new UtxoTxError(
        'insufficient-funds',
        `the change cannot pay ${required(vsize)} at ${o.feeRate} sat/vB for the same payouts`,
      );
    }
    selection = {
      inputs,
      outputs: payments,
      changeIndex: null,
      change: 0n,
      fee: totalIn - paid,
      vsize,
      feeRate: o.feeRate,
    };
  }
  return signSelection(selection, o.hot);
}

export interface ReplacementOutcome {
  /** The one of the candidates in a block, with the fee it paid, or null if none is (yet). */
  confirmed: { txid: string; fee: bigint; blockHash: string; height: number; confirmations: number } | null;
  /** Candidates the node holds in its mempool. */
  inMempool: string[];
}

interface RawTx {
  txid: string;
  vin: { txid?: string; vout?: number }[];
  vout: { value: number | string }[];
}

function isNotInMempool(err: unknown): boolean {
  const e = err as { code?: number; message?: string };
  return e?.code === -5 || /not in mempool/i.test(e?.message ?? '');
}

/**
 * Which of an original and its replacements the chain holds, from the node: the blocks from the
 * height at which the first was broadcast to the tip (no transaction index needed), then the
 * mempool. The fee is computed from the node's copy of the transaction: what the spent outputs held
 * minus what it pays.
 */
export async function findConfirmedReplacement(
  call: NodeCall,
  o: { txids: readonly string[]; spent: readonly Utxo[]; fromHeight: number },
): Promise<ReplacementOutcome> {
  const wanted = new Set(o.txids);
  const tip = (await call('getblockcount', [])) as number;
  const amounts = new Map(o.spent.map((u) => [outpoint(u.txid, u.vout), u.amount]));
  let confirmed: ReplacementOutcome['confirmed'] = null;
  for (let height = Math.max(0, o.fromHeight); height <= tip && !confirmed; height++) {
    const blockHash = (await call('getblockhash', [height])) as string;
    const block = (await call('getblock', [blockHash, 1])) as { tx: string[]; confirmations: number };
    const txid = block.tx.find((t) => wanted.has(t));
    if (!txid) continue;
    const raw = (await call('getrawtransaction', [txid, true, blockHash])) as RawTx;
    let inSum = 0n;
    for (const vin of raw.vin) {
      const amount = amounts.get(outpoint(vin.txid ?? '', vin.vout ?? -1));
      if (amount === undefined) throw new Error(`${txid} spends ${vin.txid}:${vin.vout}, not one of ours`);
      inSum += amount;
    }
    const outSum = raw.vout.reduce((s, v) => s + toSatoshis(v.value), 0n);
    confirmed = { txid, fee: inSum - outSum, blockHash, height, confirmations: block.confirmations };
  }
  return { confirmed, inMempool: await inMempool(call, o.txids) };
}

/** Those of these transactions the node holds in its mempool. */
export async function inMempool(call: NodeCall, txids: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const txid of txids) {
    try {
      await call('getmempoolentry', [txid]);
      out.push(txid);
    } catch (err) {
      if (!isNotInMempool(err)) throw err;
    }
  }
  return out;
}
