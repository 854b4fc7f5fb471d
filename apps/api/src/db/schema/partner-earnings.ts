import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { partners } from './partners';
import { assets } from './reference';

/**
 * Each move of a partner's earnings to its own wallet (migration 0026). The money moved by the
 * journal entry it names; the row gives the partner's history and "earned in all" (available +
 * moved) without reading postings. The partner accounts themselves are ledger accounts of kind
 * 'partner' (schema/ledger.ts).
 */
export const partnerWithdrawals = pgTable(
  'partner_withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.userId, { onDelete: 'restrict' }),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id),
    amount: numeric('amount').notNull(),
    journalEntryId: uuid('journal_entry_id').notNull(),
    creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_withdrawals_partner_idx').on(t.partnerId, t.creationDate, t.id),
    check('partner_withdrawals_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * A partner's exchange figures for the admin's partner list, kept by triggers on guest_exchanges
 * in the transaction of each change (migration 0026), so the list reads one row per partner
 * instead of summing its exchanges. No row: no exchanges yet. Volume and earnings are in USD of
 * successful exchanges; earnings_usd is the unrounded sum of commission × usd_value / (amount ×
 * rate), rounded to cents when read. Derived data only, so it goes with its partner.
 */
export const partnerStats = pgTable('partner_stats', {
  partnerId: uuid('partner_id')
    .primaryKey()
    .references(() => partners.userId, { onDelete: 'cascade' }),
  exchanges: integer('exchanges').notNull().default(0),
  successfulExchanges: integer('successful_exchanges').notNull().default(0),
  volumeUsd: numeric('volume_usd').notNull().default('0'),
  earningsUsd: numeric('earnings_usd').notNull().default('0'),
});
