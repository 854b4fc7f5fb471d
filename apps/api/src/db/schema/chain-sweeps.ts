import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
 * transaction broadcast (broadcast). Amounts in the coin's smallest unit, never floats.
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
    status: text('status', { enum: ['built', 'broadcast'] })
      .notNull()
      .default('built'),
    psbt: text('psbt').notNull(),
    txHash: text('tx_hash'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    broadcastAt: timestamp('broadcast_at', { withTimezone: true }),
  },
  (t) => [
    index('chain_sweeps_network_idx').on(t.network, t.createdAt),
    check('chain_sweeps_amounts', sql`${t.amount} > 0 and ${t.fee} > 0`),
    check('chain_sweeps_broadcast', sql`(${t.status} = 'broadcast') = (${t.txHash} is not null)`),
  ],
);
