import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { journalEntries } from './ledger';
import { assets } from './reference';
import { users } from './users';

/**
 * Money a user owes the house and could not be debited (decision 0038): a card payment taken back
 * outside the app (a chargeback, a refund made at the gateway) after the money was converted or
 * spent. While a user has one not cleared, no entry may debit any of their accounts (a trigger on
 * postings, migration 0028), on every path that spends; the back office clears it once the debt is
 * settled or written off.
 */
export const spendingHolds = pgTable(
  'spending_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id),
    amount: numeric('amount').notNull(),
    reason: text('reason', { enum: ['card_dispute', 'card_refund'] }).notNull(),
    /** What it comes from (a card reversal's id). */
    sourceId: text('source_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    clearedBy: uuid('cleared_by').references(() => users.id, { onDelete: 'restrict' }),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('spending_holds_source_unique').on(t.reason, t.sourceId),
    // The check on every posting looks a user up here: only open holds are indexed.
    index('spending_holds_open_idx').on(t.userId).where(sql`${t.clearedAt} is null`),
    check('spending_holds_amount_positive', sql`${t.amount} > 0`),
    check('spending_holds_cleared', sql`(${t.clearedAt} is null) = (${t.clearedBy} is null)`),
  ],
);

/**
 * Each gateway event that took a card payment back outside the app, once (by the event's id): how
 * much the gateway said, how much of it applied to the deposit (never more than was credited), what
 * was debited from the wallet and what was left owed (a spending hold).
 */
export const cardReversals = pgTable(
  'card_reversals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    kind: text('kind', { enum: ['dispute', 'refund'] }).notNull(),
    paymentReference: text('payment_reference').notNull(),
    /** The gateway's id of what took it back: the dispute, or for refunds the payment. */
    reference: text('reference').notNull(),
    /** The gateway's figure: a dispute's amount, or everything refunded on the payment so far. */
    gatewayAmount: numeric('gateway_amount').notNull(),
    currency: text('currency').notNull(),
    depositId: uuid('deposit_id'),
    premiumPaymentId: uuid('premium_payment_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    taken: numeric('taken').notNull().default('0'),
    debited: numeric('debited').notNull().default('0'),
    held: numeric('held').notNull().default('0'),
    journalEntryId: uuid('journal_entry_id').references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_reversals_event_unique').on(t.gateway, t.eventId),
    index('card_reversals_payment_idx').on(t.gateway, t.paymentReference),
    // A dispute is taken back once, whatever events report it.
    uniqueIndex('card_reversals_dispute_unique').on(t.gateway, t.reference).where(sql`${t.kind} = 'dispute'`),
    check('card_reversals_parts', sql`${t.taken} >= 0 and ${t.debited} >= 0 and ${t.held} >= 0`),
    check('card_reversals_taken_split', sql`${t.taken} = ${t.debited} + ${t.held}`),
  ],
);
