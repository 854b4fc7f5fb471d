import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, smallint, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A signed-in user's price lock: rate fixed until expires_at; used or cancelled at most once.
 * UNLOGGED (migration 0015, decision 0021): a lock moves no money and lives 60 s, so it is not
 * written to the WAL; a database crash empties the table and the user locks again. Its writer
 * (convert_lock) checks the user in the same statement and settlement checks the assets, so it has
 * no foreign keys (whose checks would lock the asset rows every lock shares).
 */
export const priceLocks = pgTable(
  'price_locks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    leftAssetId: uuid('left_asset_id').notNull(),
    rightAssetId: uuid('right_asset_id').notNull(),
    rate: numeric('rate').notNull(),
    leftUsd: numeric('left_usd').notNull(),
    rightUsd: numeric('right_usd').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    check('price_locks_assets_differ', sql`${t.leftAssetId} <> ${t.rightAssetId}`),
    check('price_locks_used_or_cancelled', sql`${t.usedAt} is null or ${t.cancelledAt} is null`),
  ],
);

/**
 * A settled conversion. lock_id is unique: one lock, at most one conversion. Its references (user,
 * assets, journal entry) are checked once per statement by a trigger (migration 0015), not row by
 * row by foreign keys that would lock the asset rows every conversion shares; users, assets and
 * journal entries are never deleted (triggers), so a reference that held at insert holds for good.
 */
export const conversions = pgTable(
  'conversions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    lockId: uuid('lock_id').notNull(),
    leftAssetId: uuid('left_asset_id').notNull(),
    rightAssetId: uuid('right_asset_id').notNull(),
    amount: numeric('amount').notNull(),
    destinationAmount: numeric('destination_amount').notNull(),
    rate: numeric('rate').notNull(),
    /** In the destination asset. */
    fee: numeric('fee').notNull(),
    usdValue: numeric('usd_value').notNull(),
    status: smallint('status').notNull(),
    journalEntryId: uuid('journal_entry_id').notNull(),
    creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversions_lock_unique').on(t.lockId),
    index('conversions_user_date_idx').on(t.userId, t.creationDate),
    // The admin stats' edge hour: settled conversions by time.
    index('conversions_settled_idx').on(t.creationDate).where(sql`${t.status} = 1`),
    check(
      'conversions_amounts_positive',
      sql`${t.amount} > 0 and ${t.destinationAmount} > 0 and ${t.fee} >= 0`,
    ),
  ],
);
