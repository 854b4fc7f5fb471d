import { Address, OutScript } from '@scure/btc-signer';
import { Decimal } from '@vaultline/shared';
import type { UtxoTxNetwork } from './tx-network.js';

/**
 * Sizes and fees of native SegWit (P2WPKH) spends, computed rather than guessed: a transaction's
 * virtual size is its weight / 4, rounded up (BIP 141). The signature is counted at its longest
 * (71 bytes of DER with a low S, plus the sighash byte), so the estimate is never below the size of
 * the signed transaction and a fee computed from it always meets the rate.
 */
const P2WPKH_INPUT_BASE = 32 + 4 + 1 + 4; // outpoint, empty scriptSig, sequence
const P2WPKH_WITNESS = 1 + 1 + 72 + 1 + 33; // item count, signature, public key

export class UtxoTxError extends Error {
  constructor(
    readonly reason:
      | 'bad-address'
      | 'bad-amount'
      | 'dust'
      | 'no-outputs'
      | 'too-many-outputs'
      | 'insufficient-funds'
      | 'bad-fee-rate'
      | 'bad-key'
      | 'not-replaceable'
      | 'psbt-mismatch'
      | 'psbt-sighash'
      | 'psbt-unsigned',
    message: string,
  ) {
    super(message);
    this.name = 'UtxoTxError';
  }
}

/** The output script an address pays to, for this network only (a BTC address is refused on LTC). */
export function outputScript(address: string, net: UtxoTxNetwork): Uint8Array {
  try {
    return OutScript.encode(Address(net.params).decode(address));
  } catch (err) {
    throw new UtxoTxError(
      'bad-address',
      `not a ${net.coin} ${net.kind} address: ${address} (${(err as Error).message})`,
    );
  }
}

function varIntSize(n: number): number {
  return n < 0xfd ? 1 : n <= 0xffff ? 3 : n <= 0xffffffff ? 5 : 9;
}

function outputSize(scriptLength: number): number {
  return 8 + varIntSize(scriptLength) + scriptLength;
}

/** Virtual size of a transaction spending `inputs` P2WPKH outputs to outputs of these script lengths. */
export function p2wpkhSpendVsize(inputs: number, outputScriptLengths: readonly number[]): number {
  const base =
    4 +
    varIntSize(inputs) +
    inputs * P2WPKH_INPUT_BASE +
    varIntSize(outputScriptLengths.length) +
    outputScriptLengths.reduce((sum, len) => sum + outputSize(len), 0) +
    4;
  const witness = 2 + inputs * P2WPKH_WITNESS;
  return Math.ceil((base * 4 + witness) / 4);
}

/** A fee rate in sat/vB as an integer count of sat per 1000 vB (the node's own unit), so fees are exact. */
export function satPerKvB(feeRate: number): bigint {
  if (!Number.isFinite(feeRate) || feeRate <= 0) {
    throw new UtxoTxError('bad-fee-rate', `a fee rate must be a positive number of sat/vB, not ${feeRate}`);
  }
  return BigInt(Math.round(feeRate * 1000));
}

/** The smallest fee that pays `feeRate` sat/vB for `vsize` virtual bytes. */
export function feeFor(feeRate: number, vsize: number): bigint {
  const perKvB = satPerKvB(feeRate);
  return (perKvB * BigInt(vsize) + 999n) / 1000n;
}

/**
 * The node's dust threshold for an output (Bitcoin Core's GetDustThreshold): the cost, at the dust
 * relay rate, of the output plus the input that would one day spend it. Below it the node refuses to
 * relay the transaction.
 */
export function dustThreshold(script: Uint8Array, net: UtxoTxNetwork): bigint {
  const [version = -1, pushed = -1] = script;
  const isWitness =
    script.length >= 4 &&
    script.length <= 42 &&
    (version === 0 || (version >= 0x51 && version <= 0x60)) &&
    pushed + 2 === script.length;
  const spend = isWitness ? 32 + 4 + 1 + Math.floor(107 / 4) + 4 : 32 + 4 + 1 + 107 + 4;
  return BigInt((outputSize(script.length) + spend) * net.dustRelayFeeRate);
}

/** A coin amount as the node's JSON gives it (8 decimals) to satoshis, exactly. */
export function toSatoshis(coins: number | string): bigint {
  const sats = new Decimal(String(coins)).times(100_000_000);
  if (!sats.isInteger()) throw new Error(`${coins} has more than 8 decimals`);
  return BigInt(sats.toFixed(0));
}

export const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
