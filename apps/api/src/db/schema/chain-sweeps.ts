import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** One deposit output a sweep spends (amount in satoshis/litoshis, as text). */
export interface SweepInput {
  txid: string;
  vout: number;
  amount: string;
  address: string;
  /** i in key/0/i */
  index: number;
}

/**
 * A sweep of a UTXO network's deposit addresses to the operator's wallet (decision 0055): the PSBT
 * the server built (built), and once the operator's signed PSBT came back and matched it, the
 * transaction broadcast (broadcast, booked out). One broadcast that can never be mined ends
 * `dropped` (its booking reversed), and an admin re-broadcasts it or abandons it (`abandoned`, its
 * deposits free to be swept again). Amounts in the coin's smallest unit, never floats.
 */
export const chainSweeps = pgTable(
  'chain_sweeps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    network: text('network').notNull(),
    destination: text('destination').notNull(),
    inputs: jsonb('inputs').$type<SweepInput[]>().notNull(),
    /** What the destination receives: the inputs less the fee. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: ['built', 'broadcast', 'dropped', 'abandoned'] })
      .notNull()
      .default('built'),
    psbt: text('psbt').notNull(),
    txHash: text('tx_hash'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    broadcastAt: timestamp('broadcast_at', { withTimezone: true }),
    /** The signed transaction (hex), kept to be broadcast again as the same bytes. */
    txHex: text('tx_hex'),
    /**
     * The scanner's record: the first transaction seen spending one of its inputs, and its block
     * (undone by a reorganisation above it). This sweep's own hash: mined; any other: never mined.
     */
    spentTxid: text('spent_txid'),
    spentBlock: integer('spent_block'),
    /** Why it was dropped (the chain's words), and how many times (each drop's reversal is booked once). */
    dropReason: text('drop_reason'),
    drops: integer('drops').notNull().default(0),
  },
  (t) => [
    index('chain_sweeps_network_idx').on(t.network, t.createdAt),
    check('chain_sweeps_amounts', sql`${t.amount} > 0 and ${t.fee} > 0`),
    check('chain_sweeps_broadcast', sql`(${t.status} <> 'built') = (${t.txHash} is not null)`),
  ],
);
