import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { guestExchanges } from './exchange';
import { deposits } from './funding';
import { assets } from './reference';
import { users } from './users';

/**
 * One watched network (DECISIONS §10, docs/chains.md): how far the scanner has read, the chain it
 * read it from, the next deposit address index and the hot wallet's next nonce. The scanner and the
 * payout job (the lease holder, one instance) are its only writers, but for the address counter.
 */
export const chainNetworks = pgTable('chain_networks', {
  network: text('network').primaryKey(),
  chainId: integer('chain_id'),
  /** The chain's block 0: a node on another chain than before is refused, never read as this one. */
  genesisHash: text('genesis_hash'),
  /** Deposit address index i (xpub/0/i) the next exchange or user gets; never handed out twice. */
  nextAddressIndex: integer('next_address_index').notNull().default(0),
  /** The last block read completely, and its hash (checked on the next pass: a reorg rewinds). */
  scannedBlock: bigint('scanned_block', { mode: 'number' }),
  scannedHash: text('scanned_hash'),
  headBlock: bigint('head_block', { mode: 'number' }),
  /** The node answered the last pass (false with the reason otherwise); when that was. */
  rpcOk: boolean('rpc_ok').notNull().default(false),
  rpcError: text('rpc_error'),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  hotWalletAddress: text('hot_wallet_address'),
  /** The hot wallet's native and token balances last read, as decimal strings by ticker. */
  hotWalletBalances: text('hot_wallet_balances'),
  /** The nonce the next payout signs with (EVM); allocated here by the lease holder only. */
  nextNonce: bigint('next_nonce', { mode: 'number' }),
  /** The block reading started from (the node's newest on the first pass) and its hash: the floor of a rewind. */
  startBlock: bigint('start_block', { mode: 'number' }),
  startHash: text('start_hash'),
  /**
   * Reading stopped (a reorganisation deeper than the blocks kept, or below the start block): since
   * when, and why. The operator clears halted_at after checking the node (docs/operations.md); the
   * reason left behind is the approval to read again from the bottom of the blocks kept.
   */
  haltedAt: timestamp('halted_at', { withTimezone: true }),
  haltedReason: text('halted_reason'),
});

/** The hashes of the last blocks scanned, per network: where a reorganisation forked off. */
export const chainBlocks = pgTable(
  'chain_blocks',
  {
    network: text('network').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    parentHash: text('parent_hash').notNull(),
  },
  (t) => [primaryKey({ name: 'chain_blocks_pkey', columns: [t.network, t.number] })],
);

/**
 * A deposit address derived from the operator's extended public key (watch-only): one per guest
 * exchange, one per user and network. (network, index) is unique, so an address is never reused.
 */
export const chainAddresses = pgTable(
  'chain_addresses',
  {
    network: text('network').notNull(),
    /** Lower-case hex for EVM. */
    address: text('address').notNull(),
    /** The memo that goes with a shared address on memo networks (none on EVM). */
    memo: text('memo'),
    index: integer('index').notNull(),
    purpose: text('purpose', { enum: ['exchange', 'user'] }).notNull(),
    exchangeId: uuid('exchange_id').references(() => guestExchanges.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** Write order: the scanner loads the addresses added since its last pass. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'chain_addresses_pkey', columns: [t.network, t.address] }),
    uniqueIndex('chain_addresses_index_unique').on(t.network, t.index),
    uniqueIndex('chain_addresses_user_unique').on(t.network, t.userId).where(sql`${t.purpose} = 'user'`),
    uniqueIndex('chain_addresses_exchange_unique').on(t.exchangeId).where(sql`${t.exchangeId} is not null`),
    index('chain_addresses_seq_idx').on(t.network, t.seq),
    check(
      'chain_addresses_owner_check',
      sql`(${t.purpose} = 'exchange' and ${t.exchangeId} is not null and ${t.userId} is null) or (${t.purpose} = 'user' and ${t.userId} is not null and ${t.exchangeId} is null)`,
    ),
  ],
);

/**
 * A transfer seen on chain to a watched address. (network, tx_hash, event_key) is the transfer
 * wherever it is mined: a transaction re-mined in another block after a reorganisation updates the
 * same row, so it is credited once. status: seen (in a block of the chain we follow), orphaned (its
 * block was reorganised away: never credited unless seen again), final (reached the required
 * confirmations and handed to its owner's module, in the same transaction, which books it in the
 * ledger under the kind `chain_deposit` and this row's id).
 */
export const chainDeposits = pgTable(
  'chain_deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    network: text('network').notNull(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id),
    address: text('address').notNull(),
    txHash: text('tx_hash').notNull(),
    /** Which transfer of the transaction: `native`, or the token contract and its order in the tx. */
    eventKey: text('event_key').notNull(),
    fromAddress: text('from_address'),
    amount: numeric('amount').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }),
    blockHash: text('block_hash'),
    /** Blocks on top of its block, counting its own (0 while orphaned); updated as blocks come. */
    confirmations: integer('confirmations').notNull().default(0),
    requiredConfirmations: integer('required_confirmations').notNull(),
    status: text('status', { enum: ['seen', 'orphaned', 'final'] }).notNull(),
    exchangeId: uuid('exchange_id').references(() => guestExchanges.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** A final transfer its owner could not settle by itself (HOLD_REASONS): why an admin must. */
    holdReason: text('hold_reason', {
      enum: [
        'pricesStale',
        'noRefundAddress',
        'manualPayout',
        'manualRefund',
        'payoutFailed',
        'afterSettlement',
        'wrongAsset',
        'dust',
      ],
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finalAt: timestamp('final_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chain_deposits_transfer_unique').on(t.network, t.txHash, t.eventKey),
    index('chain_deposits_seen_idx').on(t.network, t.blockNumber).where(sql`${t.status} = 'seen'`),
    index('chain_deposits_exchange_idx').on(t.exchangeId).where(sql`${t.exchangeId} is not null`),
    index('chain_deposits_created_idx').on(t.createdAt, t.id),
    check('chain_deposits_amount_positive', sql`${t.amount} > 0`),
    check('chain_deposits_status_check', sql`${t.status} in ('seen', 'orphaned', 'final')`),
  ],
);

/**
 * A transfer the house sends (an exchange's payout or refund). The signed transaction and its hash
 * are stored before it is broadcast, so after a crash the same transaction is sent again, never a
 * new one. status (PAYOUT_STATUSES): approval (waits for an admin's Send: over the automatic limit
 * or the daily cap, valued when it is signed), queued, funds (the hot wallet lacks the amount or the
 * gas: retried, nothing lost), blocked (the network refuses it as it stands: waits for an admin),
 * signed (offered to the node on every pass until it takes it), sent, mined (in a block), confirmed
 * (the network's confirmations on top: only then is its owner settled), failed (reverted on chain,
 * or its nonce taken by a transaction that did not pay it: an admin may Retry), cancelled (ended by
 * an admin, nothing paid).
 */
export const chainPayouts = pgTable(
  'chain_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    network: text('network').notNull(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id),
    toAddress: text('to_address').notNull(),
    amount: numeric('amount').notNull(),
    usdValue: numeric('usd_value').notNull(),
    purpose: text('purpose', {
      enum: ['exchange_payout', 'exchange_refund', 'deposit_refund', 'withdrawal'],
    }).notNull(),
    /** The exchange (payout, refund), the chain deposit (refund of a deposit) or the withdrawal it settles. */
    reference: uuid('reference').notNull(),
    status: text('status', {
      enum: [
        'approval',
        'queued',
        'funds',
        'blocked',
        'signed',
        'sent',
        'mined',
        'confirmed',
        'failed',
        'cancelled',
      ],
    }).notNull(),
    /** Why it waits, failed or ended (PAYOUT_REASONS of the shared contract). */
    reason: text('reason', {
      enum: [
        'overLimit',
        'overDailyCap',
        'noPrice',
        'funds',
        'unpayable',
        'belowFee',
        'rejected',
        'reverted',
        'nonceTaken',
        'dropped',
        'cancelled',
        'redirected',
        'hotWallet',
      ],
    }),
    /** The node's words when it refused the payout (blocked) or its signed transaction (rejected). */
    lastError: text('last_error'),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    nonce: bigint('nonce', { mode: 'number' }),
    /** UTXO networks: the batch (one signed transaction) that pays it; its tx_hash is the batch's. */
    batchId: uuid('batch_id'),
    rawTx: text('raw_tx'),
    txHash: text('tx_hash'),
    /**
     * The node's head when it was signed: every transaction of the hot wallet since is in a later
     * block, which is where an admin's Retry looks for one that already paid it.
     */
    signedBlock: bigint('signed_block', { mode: 'number' }),
    blockNumber: bigint('block_number', { mode: 'number' }),
    /** The network fee paid, in the network's native coin. */
    networkFee: numeric('network_fee'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    minedAt: timestamp('mined_at', { withTimezone: true }),
  },
  (t) => [
    // One live payout per thing it settles; a failed or cancelled one stays beside what replaced it.
    uniqueIndex('chain_payouts_live_unique')
      .on(t.purpose, t.reference)
      .where(sql`${t.status} not in ('failed', 'cancelled')`),
    // An exchange is paid out or refunded, never both: one live payout or refund per exchange (an
    // admin's redirect cancels the payout before it asks for the refund).
    uniqueIndex('chain_payouts_exchange_live_unique')
      .on(t.reference)
      .where(
        sql`${t.purpose} in ('exchange_payout', 'exchange_refund') and ${t.status} not in ('failed', 'cancelled')`,
      ),
    // A batch's payouts share its transaction (UTXO networks); any other payout has its own.
    uniqueIndex('chain_payouts_hash_unique')
      .on(t.txHash)
      .where(sql`${t.txHash} is not null and ${t.batchId} is null`),
    index('chain_payouts_batch_idx').on(t.batchId).where(sql`${t.batchId} is not null`),
    index('chain_payouts_open_idx')
      .on(t.network, t.createdAt)
      .where(sql`${t.status} not in ('confirmed', 'failed', 'cancelled')`),
    index('chain_payouts_status_idx').on(t.status, t.createdAt),
    check('chain_payouts_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * A transaction hash claimed by a guest exchange or a user's deposit on a network that is not
 * watched (the guest or user types it): one claim per hash and network, enforced here, so one
 * deposit can never be approved twice (DECISIONS §10). The hash is in its network's one form
 * (decision 0040; `tx_hash_canonical`, migration 0034), checked here too, so no other spelling of
 * a transaction can make a second claim.
 */
export const txClaims = pgTable(
  'tx_claims',
  {
    network: text('network').notNull(),
    txHash: text('tx_hash').notNull(),
    exchangeId: uuid('exchange_id').references(() => guestExchanges.id),
    depositId: uuid('deposit_id').references(() => deposits.id),
    /** A withdrawal an admin sent by hand on a network that is not watched (migration 0036). */
    withdrawalId: uuid('withdrawal_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'tx_claims_pkey', columns: [t.network, t.txHash] }),
    check('tx_claims_one_owner', sql`num_nonnulls(${t.exchangeId}, ${t.depositId}, ${t.withdrawalId}) = 1`),
    check('tx_claims_hash_canonical', sql`${t.txHash} = tx_hash_canonical(${t.network}, ${t.txHash})`),
  ],
);
