import { WITHDRAWAL_STATUSES } from '@vaultline/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { assets } from './reference';
import { users } from './users';

/**
 * Money out (DECISIONS §12, decision 0054). A withdrawal holds its amount plus fee in the user's
 * 'held' ledger account from the request's transaction; completion takes it out, a cancel, a
 * rejection or a failure gives it back. These tables say where it goes and where it stands.
 */

/** Per asset: whether withdrawals are open, our fee (in the asset, on top of the amount), the minimum. */
export const withdrawalRules = pgTable(
  'withdrawal_rules',
  {
    assetId: uuid('asset_id')
      .primaryKey()
      .references(() => assets.id),
    open: boolean('open').notNull().default(true),
    fee: numeric('fee').notNull().default('0'),
    minimum: numeric('minimum').notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  () => [
    check('withdrawal_rules_fee_nonneg', sql`fee >= 0`),
    check('withdrawal_rules_minimum_nonneg', sql`minimum >= 0`),
  ],
);

/**
 * A user's address book. A new address is usable from `usable_at` (WITHDRAWAL_ADDRESS_HOLD_HOURS
 * after it was added); the e-mail sent then carries a one-use token (its SHA-256 here) that removes
 * it without signing in. A removed address keeps its row (withdrawals point at it) with `deleted_at`.
 */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id),
    /** The asset's network (exchange/networks.ts), fixed when the address was added. */
    network: text('network').notNull(),
    address: text('address').notNull(),
    memo: text('memo'),
    label: text('label').notNull(),
    usableAt: timestamp('usable_at', { withTimezone: true }).notNull(),
    removeTokenHash: text('remove_token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('withdrawal_addresses_live_unique')
      .on(t.userId, t.assetId, t.address, sql`coalesce(${t.memo}, '')`)
      .where(sql`${t.deletedAt} is null`),
    index('withdrawal_addresses_user_idx').on(t.userId, t.createdAt).where(sql`${t.deletedAt} is null`),
    uniqueIndex('withdrawal_addresses_remove_token_unique')
      .on(t.removeTokenHash)
      .where(sql`${t.removeTokenHash} is not null`),
  ],
);

/** A SEPA credit-transfer file (pain.001.001.03) gathering approved EUR withdrawals. */
export const sepaBatches = pgTable(
  'sepa_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: ['open', 'paid'] })
      .notNull()
      .default('open'),
    /** The file's MsgId (unique per debtor, as banks ask). */
    messageId: text('message_id').notNull().unique(),
    count: integer('count').notNull(),
    total: numeric('total').notNull(),
    file: text('file').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('sepa_batches_created_idx').on(t.createdAt, t.id)],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id),
    /** 'crypto' to an address of the book; 'bank' to the user's approved bank account. */
    kind: text('kind', { enum: ['crypto', 'bank'] }).notNull(),
    /** The client's id for this request: the same one twice (a double click) makes one withdrawal. */
    requestId: uuid('request_id'),
    addressId: uuid('address_id').references(() => withdrawalAddresses.id),
    /** Where it goes, copied at request (an address removed later does not change it). */
    network: text('network'),
    toAddress: text('to_address'),
    memo: text('memo'),
    iban: text('iban'),
    /** What arrives; the fee (ours plus the network's, in the asset) is on top; total is held. */
    amount: numeric('amount').notNull(),
    fee: numeric('fee').notNull(),
    usdValue: numeric('usd_value').notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull(),
    /** Why it waits for review (WITHDRAWAL_REVIEW_REASONS of the shared contract). */
    reviewReasons: text('review_reasons').array().notNull().default(sql`'{}'::text[]`),
    /** The chain payout paying it (watched networks). */
    payoutId: uuid('payout_id'),
    txHash: text('tx_hash'),
    confirmations: integer('confirmations'),
    requiredConfirmations: integer('required_confirmations'),
    sepaBatchId: uuid('sepa_batch_id').references(() => sepaBatches.id),
    /** The bank's or the admin's reference for a fiat withdrawal paid by hand. */
    reference: text('reference'),
    note: text('note'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    // The user's list, newest first (keyset), and the daily limit's 24 hours.
    index('withdrawals_user_idx').on(t.userId, t.createdAt, t.id),
    // The back office's queue per status, oldest first (keyset).
    index('withdrawals_status_idx').on(t.status, t.createdAt, t.id),
    index('withdrawals_created_idx').on(t.createdAt, t.id),
    index('withdrawals_batch_idx').on(t.sepaBatchId).where(sql`${t.sepaBatchId} is not null`),
    uniqueIndex('withdrawals_request_unique')
      .on(t.userId, t.requestId)
      .where(sql`${t.requestId} is not null`),
    uniqueIndex('withdrawals_payout_unique').on(t.payoutId).where(sql`${t.payoutId} is not null`),
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
    check('withdrawals_fee_nonneg', sql`${t.fee} >= 0`),
    check(
      'withdrawals_destination',
      sql`(${t.kind} = 'crypto' and ${t.toAddress} is not null and ${t.network} is not null and ${t.iban} is null) or (${t.kind} = 'bank' and ${t.iban} is not null and ${t.toAddress} is null)`,
    ),
  ],
);
