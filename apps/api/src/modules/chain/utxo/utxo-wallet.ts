import { p2wpkh } from '@scure/btc-signer';
import { pubECDSA } from '@scure/btc-signer/utils.js';
import { PayoutRefusal, type SignedBatch, type SpentOutput, type UtxoWallet } from '../chain.types';
import { estimateFeeRate } from './fee-rate';
import { bumpFee, inMempool } from './rbf';
import { type UtxoRpc, UtxoRpcError } from './rpc';
import type { UtxoTxNetwork } from './tx-network';
import { UtxoTxError } from './tx-size';
import { buildBatchPayout, type HotWallet, type SignedUtxoTx } from './utxo-tx-build';

export interface UtxoWalletOptions {
  rpc: UtxoRpc;
  net: UtxoTxNetwork;
  /** The hot wallet's private key, 32 bytes in hex (read from NET_HOT_WALLET_KEY_FILE). */
  keyHex: string;
  feeRateMin: number;
  feeRateMax: number;
  batchMax: number;
}

/** The node's answer to a transaction it already has in a block (RPC_VERIFY_ALREADY_IN_CHAIN). */
const ALREADY_IN_CHAIN = -27;
/** Words of a node that already holds the transaction in its pool: the same bytes, not an error. */
const ALREADY_KNOWN = /txn-already-in-mempool|txn-already-known|already in block chain/i;
/** Confirmation target of the fee estimate (blocks). */
const FEE_TARGET = 2;

/**
 * The hot wallet of a UTXO network (decision 0055): one key, its native SegWit address (where change
 * returns), payouts signed in batches from outputs the scanner recorded, replaced by a fee bump.
 */
export function createUtxoWallet(o: UtxoWalletOptions): UtxoWallet {
  const privateKey = Uint8Array.from(Buffer.from(o.keyHex.replace(/^0x/, ''), 'hex'));
  const publicKey = pubECDSA(privateKey);
  const pay = p2wpkh(publicKey, o.net.params);
  const hot: HotWallet = { privateKey, publicKey, script: pay.script, address: pay.address as string };
  const call = (method: string, params: unknown[]) => o.rpc.call<unknown>(method, params);

  const batch = (tx: SignedUtxoTx): SignedBatch => ({
    txid: tx.txid,
    hex: tx.hex,
    fee: tx.fee,
    feeRate: tx.feeRate,
    inputs: tx.inputs.map((u) => ({ txid: u.txid, vout: u.vout, amount: u.amount })),
  });
  const refusal = (err: unknown): never => {
    if (err instanceof UtxoTxError)
      throw new PayoutRefusal(err.reason === 'insufficient-funds' ? 'funds' : 'refused', err.message);
    throw err;
  };

  return {
    address: hot.address,
    batchMax: o.batchMax,
    feeRateMax: o.feeRateMax,
    async feeRate() {
      const bounds = { min: o.feeRateMin, max: o.feeRateMax };
      return (await estimateFeeRate(call, FEE_TARGET, bounds)).feeRate;
    },
    sign(utxos: SpentOutput[], payments, feeRate) {
      try {
        return batch(
          buildBatchPayout({
            utxos,
            payments: payments.map((p) => ({ address: p.to, amount: p.amountRaw })),
            feeRate,
            hot,
            net: o.net,
            batchMax: o.batchMax,
          }),
        );
      } catch (err) {
        return refusal(err);
      }
    },
    bump(hex, spent, feeRate) {
      try {
        return batch(bumpFee({ originalHex: hex, spent, feeRate, hot, net: o.net }));
      } catch (err) {
        return refusal(err);
      }
    },
    async broadcast(hex) {
      try {
        await o.rpc.call<string>('sendrawtransaction', [hex]);
      } catch (err) {
        if (!(err instanceof UtxoRpcError) || err.code === undefined) throw err;
        if (err.code === ALREADY_IN_CHAIN || ALREADY_KNOWN.test(err.details ?? '')) return;
        throw new PayoutRefusal('refused', err.details ?? err.shortMessage);
      }
    },
    async unspent(txid, vout) {
      return (await o.rpc.call<unknown>('gettxout', [txid, vout, false])) !== null;
    },
    pooled(txids) {
      return inMempool(call, txids);
    },
    async parentsOf(txid, height) {
      const hash = await o.rpc.call<string>('getblockhash', [height]);
      const tx = await o.rpc.call<{ vin: { txid?: string; vout?: number }[] }>('getrawtransaction', [
        txid,
        true,
        hash,
      ]);
      // A coinbase input has no txid: it spends nothing.
      return tx.vin.flatMap((i) => (i.txid === undefined ? [] : [`${i.txid}:${i.vout}`]));
    },
  };
}
