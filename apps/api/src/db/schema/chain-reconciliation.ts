import { bigint, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The last reconciliation of a watched network's asset (docs/chains.md, "The books match the
 * chain"): what the chain held at the deposit addresses and the hot wallet at block `block_number`,
 * what the ledger says the house holds of the asset, what was in flight (seen, not booked yet; or
 * gone on chain, not booked yet), and the difference left over, which is an alert when not zero.
 * One row per (network, ticker), replaced at each check.
 */
export const chainReconciliations = pgTable(
  'chain_reconciliations',
  {
    network: text('network').notNull(),
    ticker: text('ticker').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    chainHeld: numeric('chain_held').notNull(),
    ledgerHeld: numeric('ledger_held').notNull(),
    inFlight: numeric('in_flight').notNull(),
    difference: numeric('difference').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'chain_reconciliations_pkey', columns: [t.network, t.ticker] })],
);
