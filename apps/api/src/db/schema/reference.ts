import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Fiat and crypto assets ("wallets" in the specs). type: 1 fiat, 2 crypto. */
export const assets = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticker: text('ticker').notNull(),
    fullName: text('full_name').notNull(),
    type: smallint('type').notNull(),
    /** Decimals kept for amounts of this asset (BTC 8, ETH 18, fiat 2, JPY 0). */
    decimals: smallint('decimals').notNull(),
    /** Where guests and users send deposits; null while not configured. */
    adminWalletAddress: text('admin_wallet_address'),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    uniqueIndex('assets_ticker_unique').on(t.ticker),
    check('assets_type_check', sql`${t.type} in (1, 2)`),
    check('assets_decimals_check', sql`${t.decimals} between 0 and 18`),
  ],
);

/** ISO 3166-1 countries; id is the numeric code. */
export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  iso31661Alpha2Code: text('iso_3166_1_alpha2').notNull().unique(),
  names: jsonb('names').$type<Record<'en-us' | 'fr-fr' | 'de-de' | 'ru-ru', string>>().notNull(),
});

/** Server-side settings (minimum amount, chat key, fee...). Values are strings. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every e-mail the product sends; without SMTP this is the outbox admins read. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    // The delivery queue the metrics count (SMTP configured): small, whatever the outbox's size.
    index('mail_outbox_undelivered_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null and ${t.error} is null`),
  ],
);
