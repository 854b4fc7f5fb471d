import { sql } from 'drizzle-orm';
import {
  check,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { assets } from './reference';
import { users } from './users';

/**
 * A ledger account per (owner, asset). kind 'user' belongs to a user; 'house' is the counterparty
 * of conversions and deposits; 'fee' collects conversion fees. `balance` is kept only for user
 * accounts (by a trigger on postings, in the same transaction) and can never go below zero (CHECK);
 * house and fee balances are the sum of their postings (not stored, so they are no hot row).
 * kind 'partner' (migration 0026) holds a partner's commission earnings per asset: owned and
 * balance-kept like a user account, but not a wallet (decision 0032).
 * kind 'held' (migration 0036) is what a user's withdrawals hold, per asset, from request to completion:
 * owned and balance-kept, never negative, not spendable (decision 0054).
 * Accounts are never deleted and keep their owner and asset (trigger, migration 0015).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['user', 'house', 'fee', 'external', 'partner', 'held'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id),
    balance: numeric('balance').notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_asset_unique').on(t.userId, t.assetId).where(sql`${t.kind} = 'user'`),
    uniqueIndex('ledger_accounts_kind_asset_unique')
      .on(t.kind, t.assetId)
      .where(sql`${t.kind} not in ('user', 'partner', 'held')`),
    // A partner's earnings per asset (migration 0026): owned and balance-kept like a user account.
    uniqueIndex('ledger_accounts_partner_asset_unique')
      .on(t.userId, t.assetId)
      .where(sql`${t.kind} = 'partner'`),
    // What a user's withdrawals hold per asset (migration 0036): owned and balance-kept, not a wallet.
    uniqueIndex('ledger_accounts_held_asset_unique').on(t.userId, t.assetId).where(sql`${t.kind} = 'held'`),
    unique('ledger_accounts_id_asset_unique').on(t.id, t.assetId),
    check(
      'ledger_accounts_owner_check',
      sql`(${t.kind} in ('user', 'partner', 'held')) = (${t.userId} is not null)`,
    ),
    check(
      'ledger_accounts_user_balance_nonneg',
      sql`${t.kind} not in ('user', 'partner', 'held') or ${t.balance} >= 0`,
    ),
    check(
      'ledger_accounts_house_balance_zero',
      sql`${t.kind} in ('user', 'partner', 'held') or ${t.balance} = 0`,
    ),
  ],
);

/** One money movement. (kind, reference) is unique: the same deposit or lock cannot post twice. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    memo: text('memo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('journal_entries_kind_reference_unique').on(t.kind, t.reference)],
);

/**
 * One leg of an entry, numbered within it. Positive credits the account, negative debits it.
 * Postings are append-only. One statement-level trigger (migration 0015) checks, once per INSERT
 * statement, that every entry it touches sums to zero per asset and that each posting names an
 * existing entry and an account of its asset, and moves the user balances; so an entry's postings
 * are written by one statement (ledger_post). The key (entry_id, leg) serves the per-entry check;
 * nothing reads postings per account on a hot path, so there is no index for it.
 */
export const postings = pgTable(
  'postings',
  {
    entryId: uuid('entry_id').notNull(),
    leg: smallint('leg').notNull(),
    accountId: uuid('account_id').notNull(),
    assetId: uuid('asset_id').notNull(),
    amount: numeric('amount').notNull(),
  },
  (t) => [
    primaryKey({ name: 'postings_pkey', columns: [t.entryId, t.leg] }),
    check('postings_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);
