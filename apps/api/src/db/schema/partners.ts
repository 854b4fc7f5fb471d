import { sql } from 'drizzle-orm';
import {
  check,
  customType,
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
import { assets } from './reference';
import { users } from './users';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A partner (DECISIONS §11): an account an admin marked, with the highest commission it may take
 * and the rate it chose (fractions: 0.01 = 1 %). Its earnings are ledger accounts of the account.
 */
export const partners = pgTable(
  'partners',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    maxCommission: numeric('max_commission').notNull(),
    commission: numeric('commission').notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('partners_max_commission_range', sql`${t.maxCommission} >= 0 and ${t.maxCommission} <= 0.05`),
    check('partners_commission_range', sql`${t.commission} >= 0 and ${t.commission} <= ${t.maxCommission}`),
  ],
);

/**
 * A partner's API key: only a SHA-256 of the key is kept, with a visible prefix. Revoked keys stay
 * (their prefix in the list) and are refused.
 */
export const partnerApiKeys = pgTable(
  'partner_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.userId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: bytea('key_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('partner_api_keys_hash_idx').on(t.keyHash),
    index('partner_api_keys_partner_idx').on(t.partnerId, t.createdAt),
  ],
);

/**
 * A fixed quote given through the partner API: valid 15 minutes, the partner's commission
 * included, used by at most one exchange.
 */
export const partnerQuotes = pgTable(
  'partner_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.userId, { onDelete: 'cascade' }),
    sourceAssetId: uuid('source_asset_id')
      .notNull()
      .references(() => assets.id),
    destinationAssetId: uuid('destination_asset_id')
      .notNull()
      .references(() => assets.id),
    amount: numeric('amount').notNull(),
    destinationAmount: numeric('destination_amount').notNull(),
    rate: numeric('rate').notNull(),
    fee: numeric('fee').notNull(),
    feeRate: numeric('fee_rate').notNull(),
    commission: numeric('commission').notNull(),
    commissionRate: numeric('commission_rate').notNull(),
    usdValue: numeric('usd_value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('partner_quotes_partner_idx').on(t.partnerId, t.createdAt),
    check('partner_quotes_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The answer to a create made with an Idempotency-Key: the same key and body get the same answer,
 * the same key with another body a 422 (the body's SHA-256 is kept to tell).
 */
export const partnerIdempotencyKeys = pgTable(
  'partner_idempotency_keys',
  {
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.userId, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    /**
     * Which request holds the key: a retry that takes over a key whose create outlived its window
     * writes a new one, and the old request's writes (bound to its own) then match nothing.
     */
    claim: uuid('claim').notNull().defaultRandom(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.key] }),
    index('partner_idempotency_created_idx').on(t.createdAt),
  ],
);

/** Where a partner's events are sent, signed with `secret` (shown to the partner once). */
export const partnerWebhookEndpoints = pgTable(
  'partner_webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.userId, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    /** The first failure of the failures in a row; cleared by a delivery that succeeds. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('partner_webhook_endpoints_partner_idx').on(t.partnerId)],
);

/** An event about a partner's exchange, written in the transaction of the change it tells. */
export const partnerWebhookEvents = pgTable(
  'partner_webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.userId, { onDelete: 'cascade' }),
    exchangeId: uuid('exchange_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_webhook_events_partner_idx').on(t.partnerId, t.createdAt),
    // Retention takes the oldest events across partners (migration 0027).
    index('partner_webhook_events_created_idx').on(t.createdAt),
  ],
);

/** One event to one endpoint: attempts, back-off and the last answer (the delivery log). */
export const partnerWebhookDeliveries = pgTable(
  'partner_webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => partnerWebhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => partnerWebhookEndpoints.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('partner_webhook_deliveries_partner_idx').on(t.partnerId, t.createdAt, t.id),
    // An event's deliveries: the cascade of a deleted event and retention's pending check (0027).
    index('partner_webhook_deliveries_event_idx').on(t.eventId),
  ],
);
