import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, smallint, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { journalEntries } from './ledger';
import { assets } from './reference';
import { users } from './users';

/** A signed-in user's price lock: rate fixed until expires_at; used or cancelled at most once. */
export const priceLocks = pgTable(
  'price_locks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leftAssetId: uuid('left_asset_id')
      .notNull()
      .references(() => assets.id),
    rightAssetId: uuid('right_asset_id')
      .notNull()
      .references(() => assets.id),
    rate: numeric('rate').notNull(),
    leftUsd: numeric('left_usd').notNull(),
    rightUsd: numeric('right_usd').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('price_locks_user_idx').on(t.userId),
    check('price_locks_assets_differ', sql`${t.leftAssetId} <> ${t.rightAssetId}`),
    check('price_locks_used_or_cancelled', sql`${t.usedAt} is null or ${t.cancelledAt} is null`),
  ],
);

/** A settled conversion. lock_id is unique: one lock, at most one conversion. */
export const conversions = pgTable(
  'conversions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    lockId: uuid('lock_id')
      .notNull()
      .references(() => priceLocks.id),
    leftAssetId: uuid('left_asset_id')
      .notNull()
      .references(() => assets.id),
    rightAssetId: uuid('right_asset_id')
      .notNull()
      .references(() => assets.id),
    amount: numeric('amount').notNull(),
    destinationAmount: numeric('destination_amount').notNull(),
    rate: numeric('rate').notNull(),
    /** In the destination asset. */
    fee: numeric('fee').notNull(),
    usdValue: numeric('usd_value').notNull(),
    status: smallint('status').notNull(),
    journalEntryId: uuid('journal_entry_id')
      .notNull()
      .references(() => journalEntries.id),
    creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversions_lock_unique').on(t.lockId),
    index('conversions_user_date_idx').on(t.userId, t.creationDate),
    check(
      'conversions_amounts_positive',
      sql`${t.amount} > 0 and ${t.destinationAmount} > 0 and ${t.fee} >= 0`,
    ),
  ],
);
