import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A yearly premium subscription paid by card. 'pending' while the gateway charges (and deleted if
 * it declines: nothing is kept of a refused payment), 'active' once paid, 'cancelled' when the user
 * ends it. At most one pending or active subscription per user (the partial unique index), so two
 * payments sent at once cannot both charge. Card number and CVC are never stored: last 4 and brand.
 */
export const premiumSubscriptions = pgTable(
  'premium_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'active', 'cancelled'] }).notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    renewalDate: timestamp('renewal_date', { withTimezone: true }).notNull(),
    amount: numeric('amount').notNull(),
    currency: text('currency').notNull(),
    gateway: text('gateway').notNull(),
    gatewayReference: text('gateway_reference'),
    cardLast4: text('card_last4').notNull(),
    cardBrand: text('card_brand').notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('premium_subscriptions_one_live')
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'active')`),
    index('premium_subscriptions_user_idx').on(t.userId, t.createdAt),
    check('premium_subscriptions_status_check', sql`${t.status} in ('pending', 'active', 'cancelled')`),
    check('premium_subscriptions_amount_positive', sql`${t.amount} > 0`),
    check('premium_subscriptions_card_last4', sql`${t.cardLast4} ~ '^[0-9]{4}$'`),
    check(
      'premium_subscriptions_active_paid',
      sql`${t.status} = 'pending' or ${t.gatewayReference} is not null`,
    ),
  ],
);
