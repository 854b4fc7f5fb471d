import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  foreignKey,
  index,
  numeric,
  pgTable,
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
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['user', 'house', 'fee', 'external'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id),
    balance: numeric('balance').notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_asset_unique').on(t.userId, t.assetId).where(sql`${t.kind} = 'user'`),
    uniqueIndex('ledger_accounts_kind_asset_unique').on(t.kind, t.assetId).where(sql`${t.kind} <> 'user'`),
    unique('ledger_accounts_id_asset_unique').on(t.id, t.assetId),
    check('ledger_accounts_owner_check', sql`(${t.kind} = 'user') = (${t.userId} is not null)`),
    check('ledger_accounts_user_balance_nonneg', sql`${t.kind} <> 'user' or ${t.balance} >= 0`),
    check('ledger_accounts_house_balance_zero', sql`${t.kind} = 'user' or ${t.balance} = 0`),
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
 * One leg of an entry. Positive credits the account, negative debits it. A deferred constraint
 * trigger checks that an entry's postings sum to zero per asset; postings are append-only.
 */
export const postings = pgTable(
  'postings',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    accountId: uuid('account_id').notNull(),
    assetId: uuid('asset_id').notNull(),
    amount: numeric('amount').notNull(),
  },
  (t) => [
    foreignKey({
      columns: [t.accountId, t.assetId],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.assetId],
      name: 'postings_account_asset_fk',
    }),
    check('postings_amount_nonzero', sql`${t.amount} <> 0`),
    index('postings_entry_idx').on(t.entryId),
    index('postings_account_idx').on(t.accountId),
  ],
);
