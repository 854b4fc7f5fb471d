import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    birthDay: date('birth_day', { mode: 'string' }),
    role: text('role', { enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    /** 1 active, -1 inactive. */
    status: smallint('status').notNull().default(1),
    premiumUntil: timestamp('premium_until', { withTimezone: true }),
    preferedLanguage: text('prefered_language').notNull().default('en-us'),
    preferedCurrency: text('prefered_currency').notNull().default('USD'),
    /** Bumped on password change and deactivation; access tokens carry it. */
    tokenVersion: integer('token_version').notNull().default(0),
    creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
    /** After an admin reset the user's second factors: no withdrawal before this (issue 30). */
    withdrawalsLockedUntil: timestamp('withdrawals_locked_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_creation_date_idx').on(t.creationDate),
    // The back office's user search (prefix of the e-mail, of "first last" and of the last name).
    index('users_email_pattern_idx').on(t.email.op('text_pattern_ops')),
    index('users_full_name_pattern_idx').on(
      sql`lower(${t.firstName} || ' ' || ${t.lastName}) text_pattern_ops`,
    ),
    index('users_last_name_pattern_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
    // The search for text inside the e-mail or name (pg_trgm, migration 0020).
    index('users_search_trgm_idx').using(
      'gin',
      sql`(${t.email} || ' ' || lower(${t.firstName} || ' ' || ${t.lastName})) gin_trgm_ops`,
    ),
    check('users_status_check', sql`${t.status} in (1, -1)`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    familyId: uuid('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash),
    index('refresh_tokens_user_idx').on(t.userId),
    // Reuse of a rotated token revokes its whole family.
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_resets_hash_unique').on(t.tokenHash),
    // A password change invalidates every outstanding reset of the user.
    index('password_resets_user_idx').on(t.userId),
  ],
);
