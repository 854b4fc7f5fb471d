import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A payment on the gateway's hosted checkout (decision 0031): created before the browser is sent
 * there, settled only by the gateway's signed webhook. `id` is the idempotency key of the session
 * and comes back in every event about it. open → paid | cancelled; declined records the last refused
 * card while the session stays payable (the payer may try another card).
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['premium', 'deposit'] }).notNull(),
    gateway: text('gateway').notNull(),
    sessionId: text('session_id'),
    status: text('status', { enum: ['open', 'paid', 'declined', 'cancelled'] })
      .notNull()
      .default('open'),
    amount: numeric('amount').notNull(),
    currency: text('currency').notNull(),
    depositId: uuid('deposit_id'),
    subscriptionId: uuid('subscription_id'),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('checkouts_session_unique').on(t.gateway, t.sessionId),
    index('checkouts_user_idx').on(t.userId, t.createdAt),
    index('checkouts_open_idx').on(t.createdAt).where(sql`${t.status} in ('open', 'declined')`),
    check('checkouts_status_check', sql`${t.status} in ('open', 'paid', 'declined', 'cancelled')`),
    check('checkouts_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Each gateway event applied, by its id: a second delivery of the same event changes nothing. */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.eventId] })],
);

/** A premium payment (first year or renewal): the receipt. Last 4 digits and brand only. */
export const premiumPayments = pgTable(
  'premium_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    invoiceId: text('invoice_id').notNull(),
    paymentReference: text('payment_reference'),
    amount: numeric('amount').notNull(),
    currency: text('currency').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    cardLast4: text('card_last4'),
    cardBrand: text('card_brand'),
    refundStatus: text('refund_status', { enum: ['pending', 'refunded'] }),
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('premium_payments_invoice_unique').on(t.gateway, t.invoiceId),
    index('premium_payments_user_idx').on(t.userId, t.paidAt),
    index('premium_payments_paid_idx').on(t.paidAt, t.id),
    check('premium_payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The built-in test gateway's own books, standing in for what a real gateway keeps on its side:
 * sessions, payments, subscriptions and the events it still has to deliver (retried until our
 * webhook answers 2xx, as Stripe does). No card number or CVC is kept: last 4, brand, and for a
 * subscription's saved test card only how it behaves on renewal.
 */
export const testGatewaySessions = pgTable('test_gateway_sessions', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  mode: text('mode', { enum: ['payment', 'subscription'] }).notNull(),
  status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull(),
  amount: numeric('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  email: text('email').notNull(),
  customer: text('customer'),
  clientReferenceId: text('client_reference_id').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  paymentIntent: text('payment_intent'),
  subscription: text('subscription'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const testGatewayPayments = pgTable('test_gateway_payments', {
  id: text('id').primaryKey(),
  amount: numeric('amount').notNull(),
  currency: text('currency').notNull(),
  last4: text('last4').notNull(),
  brand: text('brand').notNull(),
  refunded: numeric('refunded').notNull().default('0'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const testGatewaySubscriptions = pgTable('test_gateway_subscriptions', {
  id: text('id').primaryKey(),
  customer: text('customer').notNull(),
  status: text('status', { enum: ['active', 'past_due', 'canceled'] }).notNull(),
  amount: numeric('amount').notNull(),
  currency: text('currency').notNull(),
  periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
  periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  last4: text('last4').notNull(),
  brand: text('brand').notNull(),
  /** How the saved test card answers a renewal: 'ok' or a decline message. */
  renewal: text('renewal').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
});

export const testGatewayOutbox = pgTable(
  'test_gateway_outbox',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    payload: text('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('test_gateway_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.deliveredAt} is null`)],
);
