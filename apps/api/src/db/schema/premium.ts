import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A yearly premium subscription at the payment gateway (decision 0031). 'pending' while its hosted
 * checkout is open, 'active' once the gateway says it is paid (renewal_date = the end of the period
 * paid), 'past_due' after a failed renewal (premium lasts until grace_until), 'cancelled' once it
 * ended. At most one live subscription per user (the partial unique index), so two checkouts opened
 * at once cannot both charge. gateway_reference is the gateway's subscription id. Card number and
 * CVC never reach us: last 4 and brand, from the gateway.
 */
export const premiumSubscriptions = pgTable(
  'premium_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'active', 'past_due', 'cancelled'] }).notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    renewalDate: timestamp('renewal_date', { withTimezone: true }).notNull(),
    amount: numeric('amount').notNull(),
    currency: text('currency').notNull(),
    gateway: text('gateway').notNull(),
    gatewayReference: text('gateway_reference'),
    gatewayCustomer: text('gateway_customer'),
    cardLast4: text('card_last4'),
    cardBrand: text('card_brand'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('premium_subscriptions_one_live')
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'active', 'past_due')`),
    uniqueIndex('premium_subscriptions_gateway_ref')
      .on(t.gateway, t.gatewayReference)
      .where(sql`${t.gatewayReference} is not null`),
    index('premium_subscriptions_user_idx').on(t.userId, t.createdAt),
    check(
      'premium_subscriptions_status_check',
      sql`${t.status} in ('pending', 'active', 'past_due', 'cancelled')`,
    ),
    check('premium_subscriptions_amount_positive', sql`${t.amount} > 0`),
    check('premium_subscriptions_card_last4', sql`${t.cardLast4} is null or ${t.cardLast4} ~ '^[0-9]{4}$'`),
    check(
      'premium_subscriptions_active_paid',
      sql`${t.status} = 'pending' or ${t.gatewayReference} is not null`,
    ),
  ],
);
