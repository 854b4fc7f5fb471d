import type { NetworkId } from './chain-networks';

/**
 * What the product needs of one blockchain, whatever its family (docs/chains.md). An adapter talks to
 * one node; everything it answers is checked by the scanner (hashes link up, or it rewinds). EVM is
 * built (evm/evm-adapter.ts); UTXO chains and memo networks fit the same shapes: a transfer is one
 * output (`eventKey` its index) and may carry a memo; `sequence` is the EVM nonce, which a UTXO
 * chain does not need (its signed transaction spends fixed outputs, stored before broadcast as well).
 */
export interface ChainAdapter {
  readonly network: NetworkId;
  /** The assets watched on this network and how their amounts are counted. */
  readonly assets: readonly ChainAsset[];
  /** Deposit address i of the operator's extended public key (watch-only); the memo on memo networks. */
  depositAddress(index: number): { address: string; memo?: string };
  /**
   * Whether the hot wallet can pay this address on the node's chain (UTXO: the network's own
   * prefixes, regtest and testnet included, which the address library does not know).
   */
  acceptsAddress?(address: string): boolean;
  /** The form addresses are stored and compared in (lower-case hex on EVM). */
  normalAddress(address: string): string;
  chainId(): Promise<number>;
  head(): Promise<number>;
  /** The block at this height on the node's chain now, or null when it has none. */
  blockRef(number: number): Promise<BlockRef | null>;
  /** Blocks from..to with their transfers of watched assets to addresses `watch` accepts. */
  scan(
    from: number,
    to: number,
    watch: (address: string) => boolean,
    /** UTXO: whether an outpoint (`txid:vout`) is one of the hot wallet's unspent outputs. */
    own?: (outpoint: string) => boolean,
  ): Promise<ScannedBlock[]>;
  /**
   * What these addresses hold together on the chain at block `block` (the last block read), by
   * ticker, in smallest units: the chain's side of the reconciliation (chain-reconcile.ts). A UTXO
   * adapter sums the unspent outputs it tracks at these addresses. Without it the network is not
   * reconciled.
   */
  holdings?(addresses: string[], block: number): Promise<Map<string, bigint>>;
  /** The hot wallet, when the operator gave its key; payouts stay manual without it. */
  readonly hotWallet: HotWallet | undefined;
  /** UTXO networks: the hot wallet that pays payouts in batches (utxo/utxo-payouts.ts). */
  readonly utxoWallet?: UtxoWallet | undefined;
  /**
   * Calls `onHead` when the node announces a new block (a WebSocket node's subscription), so a pass
   * runs at once instead of at the next poll; undefined where the node cannot push. Returns the stop.
   */
  watchHeads?(onHead: () => void): () => void;
}

export interface ChainAsset {
  ticker: string;
  /** The token contract (lower-case), or undefined for the network's own coin. */
  contract: string | undefined;
  decimals: number;
}

export interface BlockRef {
  number: number;
  hash: string;
  parentHash: string;
}

export interface ScannedBlock extends BlockRef {
  transfers: Transfer[];
  /** UTXO: outputs paying the hot wallet, and the hot wallet's outputs this block spends. */
  own?: { outputs: OwnOutput[]; spends: OwnSpend[] };
}

export interface OwnOutput {
  txid: string;
  vout: number;
  amountRaw: bigint;
  /** The outputs (`txid:vout`) its transaction spent: what a double spend of it would spend too. */
  parents?: string[];
}

export interface OwnSpend {
  txid: string;
  vout: number;
  /** The transaction spending it. */
  by: string;
}

/** One of the hot wallet's outputs as spent by a batch (amount in satoshis). */
export interface SpentOutput {
  txid: string;
  vout: number;
  amount: bigint;
}

/** A signed batch (or its replacement), stored before it is broadcast. */
export interface SignedBatch {
  txid: string;
  hex: string;
  fee: bigint;
  feeRate: number;
  inputs: SpentOutput[];
}

/**
 * The hot wallet of a UTXO network (decision 0055): no nonce; a transaction spends outputs the
 * scanner recorded, pays many payouts at once, and can be replaced by one paying a higher fee.
 */
export interface UtxoWallet {
  readonly address: string;
  /** NET_BATCH_MAX: payouts in one transaction at most. */
  readonly batchMax: number;
  /** NET_FEE_RATE_MAX (sat/vB): no payout, nor an admin's fee bump, pays more. */
  readonly feeRateMax: number;
  /** The fee rate now (sat/vB): the node's estimate kept between NET_FEE_RATE_MIN and MAX. */
  feeRate(): Promise<number>;
  /**
   * Selects from `utxos`, pays `payments` (in order) with change back to the hot address, signs.
   * Throws PayoutRefusal: 'funds' when the outputs cannot pay them and the fee, 'refused' otherwise.
   */
  sign(utxos: SpentOutput[], payments: { to: string; amountRaw: bigint }[], feeRate: number): SignedBatch;
  /** The same inputs and payouts at a higher rate (BIP 125); throws PayoutRefusal when it cannot. */
  bump(hex: string, spent: SpentOutput[], feeRate: number): SignedBatch;
  /** Sends signed bytes; a node that already has them (in its pool or a block) is not an error. */
  broadcast(hex: string): Promise<void>;
  /** Whether the node's chain (its mempool left out) holds this output unspent. */
  unspent(txid: string, vout: number): Promise<boolean>;
  /** Those of these transactions the node holds in its mempool (which one was mined: the scanner's rows). */
  pooled(txids: string[]): Promise<string[]>;
  /**
   * The outputs (`txid:vout`) the transaction `txid`, mined at block `height`, spends; read with that
   * block's hash, so the node needs no transaction index. Empty for a coinbase.
   */
  parentsOf(txid: string, height: number): Promise<string[]>;
}

export interface Transfer {
  txHash: string;
  /** Which transfer of the transaction (stable if the transaction is mined again elsewhere). */
  eventKey: string;
  ticker: string;
  to: string;
  from: string | undefined;
  memo?: string;
  /** In the asset's smallest unit. */
  amountRaw: bigint;
}

export interface PayoutOrder {
  ticker: string;
  to: string;
  amountRaw: bigint;
  memo?: string;
}

/**
 * The node will not take a payout as it stands (thrown by `prepare` and `broadcast`; an unreachable
 * node throws its own errors instead, which end the pass as an outage). funds: the hot wallet lacks
 * the amount or the gas; refused: the network refuses it (its estimate reverts: a contract that
 * refuses coins, an address the token blocks; or the node rejects the signed transaction); unknown:
 * another answer of the node about this payout alone, tried again on the next pass.
 */
export class PayoutRefusal extends Error {
  constructor(
    readonly kind: 'funds' | 'refused' | 'unknown',
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'PayoutRefusal';
  }
}

/** The node cannot show the hot wallet's history that far back (a pruned node): no certain answer. */
export class HistoryUnavailable extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'HistoryUnavailable';
  }
}

/** A transaction the hot wallet sent, and what it paid (nothing when it failed). */
export interface SentTransaction {
  hash: string;
  sequence: number;
  blockNumber: number;
  success: boolean;
  /** Its network fee, in the native coin's smallest unit. */
  feeRaw: bigint;
  /** What it moved from the hot wallet: the native coin, and the watched tokens' transfers. */
  transfers: { ticker: string; to: string; amountRaw: bigint }[];
}

/** A transaction made ready to sign: fees fixed, the most it can cost in the native coin. */
export interface PreparedPayout {
  maxFeeRaw: bigint;
  sign(sequence: number): Promise<{ raw: string; hash: string }>;
}

export type Receipt = {
  status: 'success' | 'reverted';
  blockNumber: number;
  feeRaw: bigint;
  confirmations: number;
} | null;

export interface HotWallet {
  readonly address: string;
  /** Balances by ticker, in smallest units. */
  balances(): Promise<Map<string, bigint>>;
  /** The next sequence (nonce) the chain expects, counting transactions in its pool. */
  pendingSequence(): Promise<number>;
  /** The next sequence counting mined transactions only: below it, every nonce is spent. */
  minedSequence(): Promise<number>;
  /** Estimates and fixes the fees; a payout the node will not take throws a PayoutRefusal. */
  prepare(order: PayoutOrder): Promise<PreparedPayout>;
  /**
   * Sends a signed transaction; a node that already has it is not an error, one that refuses it
   * throws a PayoutRefusal ('refused', with the node's words).
   */
  broadcast(raw: string): Promise<void>;
  receipt(hash: string): Promise<Receipt>;
  /** Whether the node has this transaction, in its pool or in a block. */
  holds(hash: string): Promise<boolean>;
  /**
   * The transaction of the hot wallet with this sequence (it must be below `minedSequence`), when it
   * was mined after block `sinceBlock`; null when it was mined at or before it. Throws
   * HistoryUnavailable when the node cannot say.
   */
  sentAt(sequence: number, sinceBlock: number): Promise<SentTransaction | null>;
}

/** What a watched network means for an asset: its own addresses, confirmations, automatic payouts. */
export interface WatchedAsset {
  network: NetworkId;
  confirmations: number;
  /** A hot wallet is configured: payouts in this asset go out without a person. */
  payouts: boolean;
}
