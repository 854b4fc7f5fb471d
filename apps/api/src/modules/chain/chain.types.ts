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
  /** The form addresses are stored and compared in (lower-case hex on EVM). */
  normalAddress(address: string): string;
  chainId(): Promise<number>;
  head(): Promise<number>;
  /** The block at this height on the node's chain now, or null when it has none. */
  blockRef(number: number): Promise<BlockRef | null>;
  /** Blocks from..to with their transfers of watched assets to addresses `watch` accepts. */
  scan(from: number, to: number, watch: (address: string) => boolean): Promise<ScannedBlock[]>;
  /** The hot wallet, when the operator gave its key; payouts stay manual without it. */
  readonly hotWallet: HotWallet | undefined;
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
  prepare(order: PayoutOrder): Promise<PreparedPayout>;
  /** Sends a signed transaction; a node that already has it is not an error. */
  broadcast(raw: string): Promise<void>;
  receipt(hash: string): Promise<Receipt>;
}

/** What a watched network means for an asset: its own addresses, confirmations, automatic payouts. */
export interface WatchedAsset {
  network: NetworkId;
  confirmations: number;
  /** A hot wallet is configured: payouts in this asset go out without a person. */
  payouts: boolean;
}
