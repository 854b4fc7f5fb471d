import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who runs each periodic job (price refresh, exchange expiry, card reconciliation) across API
 * instances: the holder of a job's unexpired lease runs it and renews the lease on every pass;
 * the others skip. If the holder stops, its lease runs out and another instance takes over.
 * Decision 0018.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});
