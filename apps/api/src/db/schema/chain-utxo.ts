import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The hot wallet's own outputs on a UTXO network (BTC, LTC), as the scanner reads them (decision
 * 0055): recorded with their block, and marked spent in the transaction that records the block
 * spending them. `batch_id` marks an output taken by a stored signed batch: no other batch spends it
 * while that one (or its replacement) may still be mined. A reorganisation deletes the outputs and
 * clears the spends above the fork. `parents` are the outputs the creating transaction spent: a
 * transaction of the chain spending one of them other than this one conflicts with it (a double spend
 * after a reorganisation), recorded as `conflict_txid` with its block, so that a batch spending an
 * output that can never exist is seen dropped (decision 0056).
 */
export const chainUtxos = pgTable(
  'chain_utxos',
  {
    network: text('network').notNull(),
    txid: text('txid').notNull(),
    vout: integer('vout').notNull(),
    /** Satoshis (litoshis). */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    /** The transaction that spent it on chain, and its block. */
    spentTxid: text('spent_txid'),
    spentBlock: bigint('spent_block', { mode: 'number' }),
    /** The stored batch that spends it (taken before broadcast, in the signing transaction). */
    batchId: uuid('batch_id'),
    /** The outputs (`txid:vout`) the transaction creating it spent; null for rows recorded before. */
    parents: jsonb('parents').$type<string[]>(),
    /** A transaction of the chain spending one of `parents` other than its creator, and its block. */
    conflictTxid: text('conflict_txid'),
    conflictBlock: bigint('conflict_block', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ name: 'chain_utxos_pkey', columns: [t.network, t.txid, t.vout] }),
    index('chain_utxos_unspent_idx').on(t.network).where(sql`${t.spentTxid} is null`),
  ],
);

/**
 * One signed transaction paying several payouts on a UTXO network (decision 0055): its attempts (the
 * original and its fee bumps, each stored before broadcast, the newest last), the inputs they all
 * spend, and, once one of them is mined, which one and the fee it paid (booked once, on the batch).
 */
export const chainPayoutBatches = pgTable(
  'chain_payout_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    network: text('network').notNull(),
    status: text('status', { enum: ['signed', 'sent', 'mined', 'confirmed', 'failed'] }).notNull(),
    /** JSON: [{ txid, hex, fee, feeRate }], oldest first; the last is the one offered to the node. */
    attempts: text('attempts').notNull(),
    /** JSON: [{ txid, vout, amount }] (amount as a decimal string of satoshis). */
    inputs: text('inputs').notNull(),
    /** The node's head when the first attempt was signed (the mined one is read from the scanner's rows). */
    signedBlock: bigint('signed_block', { mode: 'number' }).notNull(),
    /** The attempt found mined, its block and the fee it paid (satoshis). */
    minedTxid: text('mined_txid'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    feePaid: bigint('fee_paid', { mode: 'bigint' }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chain_payout_batches_open_idx')
      .on(t.network, t.createdAt)
      .where(sql`${t.status} not in ('confirmed', 'failed')`),
  ],
);
