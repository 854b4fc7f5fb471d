import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { countries } from './reference';
import { users } from './users';

export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    street: text('street').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('addresses_user_unique').on(t.userId)],
);

/** A user's IBAN; status -1 not processed, 1 approved, 0 refused. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    iban: text('iban').notNull(),
    status: smallint('status').notNull().default(-1),
    creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_accounts_user_unique').on(t.userId),
    // The back office's review queue: accounts not processed yet, oldest first.
    index('bank_accounts_pending_idx').on(t.creationDate).where(sql`${t.status} = -1`),
    check('bank_accounts_status_check', sql`${t.status} in (-1, 0, 1)`),
  ],
);
