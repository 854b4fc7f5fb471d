import { index, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * USD price of an asset (by ticker) at a moment, from a source. taken_at is the start of the
 * refresh slot, so several API instances refreshing in the same slot write one row, not several
 * (primary key + ON CONFLICT DO NOTHING).
 */
export const priceSnapshots = pgTable(
  'price_snapshots',
  {
    asset: text('asset').notNull(),
    usd: numeric('usd').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.asset, t.source, t.takenAt] }),
    index('price_snapshots_taken_at_idx').on(t.takenAt),
  ],
);
