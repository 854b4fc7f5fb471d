import { bigint, numeric, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * Figures kept up to date as rows change (triggers of migration 0020), so the back office reads
 * them instead of counting or summing big tables per request (decision 0029). A trigger only
 * appends a delta row (no row is updated, so concurrent transactions never wait on each other);
 * a job folds the deltas into the totals every few seconds (fold_kept_figures()), and a read sums
 * the totals and the deltas not folded yet.
 */

/** Rows per status of the back office's long lists ('guest_exchanges', 'deposits'). */
export const listCounts = pgTable(
  'list_counts',
  {
    list: text('list').notNull(),
    status: smallint('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.list, t.status] })],
);

/** Changes to list_counts not folded in yet. */
export const listCountDeltas = pgTable('list_count_deltas', {
  list: text('list').notNull(),
  status: smallint('status').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/**
 * Per hour (UTC): users created ('users', n), and USD traded at execution ('conversions' and
 * 'exchanges', n and usd), the admin stats' sources. Hours older than the widest window are folded
 * into one row per source at hour '-infinity'.
 */
export const statsHourly = pgTable(
  'stats_hourly',
  {
    source: text('source', { enum: ['users', 'conversions', 'exchanges'] }).notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    usd: numeric('usd').notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.hour] })],
);

/** Changes to stats_hourly not folded in yet. */
export const statsDeltas = pgTable('stats_deltas', {
  source: text('source', { enum: ['users', 'conversions', 'exchanges'] }).notNull(),
  hour: timestamp('hour', { withTimezone: true }).notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
  usd: numeric('usd').notNull(),
});
