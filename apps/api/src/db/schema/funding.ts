import { sql } from 'drizzle-orm';
import {
  check,
  index,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { journalEntries } from './ledger';
import { assets } from './reference';
import { users } from './users';

/**
 * A user's deposit: crypto (awaiting an admin's verification, status 3) or card (2 while charging,
 * then 1 or 0). Card number and CVC are never stored: last 4 digits and brand only.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id),
    method: text('method', { enum: ['crypto', 'card'] }).notNull(),
    amount: numeric('amount').notNull(),
    status: smallint('status').notNull(),
    transactionHash: text('transaction_hash'),
    cardLast4: text('card_last4'),
    cardBrand: text('card_brand'),
    gatewayReference: text('gateway_reference'),
    adminNotes: text('admin_notes'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    journalEntryId: uuid('journal_entry_id').references(() => journalEntries.id),
    creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The transfer seen on a watched network that this deposit is (DECISIONS §10); null for one the
     * user reported by hash (whose hash is claimed once per network in tx_claims).
     */
    chainDepositId: uuid('chain_deposit_id'),
    /**
     * A card deposit refunded by support (decision 0031): 'pending' once the wallet is debited and
     * the gateway is asked, 'refunded' once it has answered. The debit is the entry refund_entry_id.
     */
    refundStatus: text('refund_status', { enum: ['pending', 'refunded'] }),
    refundEntryId: uuid('refund_entry_id').references(() => journalEntries.id),
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deposits_chain_deposit_unique')
      .on(t.chainDepositId)
      .where(sql`${t.chainDepositId} is not null`),
    index('deposits_user_idx').on(t.userId, t.creationDate),
    index('deposits_status_idx').on(t.status, t.creationDate, t.id),
    index('deposits_date_idx').on(t.creationDate, t.id),
    check('deposits_amount_positive', sql`${t.amount} > 0`),
    check('deposits_status_check', sql`${t.status} in (0, 1, 2, 3)`),
    check('deposits_card_last4', sql`${t.cardLast4} is null or ${t.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);
