import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Footer newsletter sign-ups (DECISIONS §9: the newsletter box stores what is sent). */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased; one row per address, so signing up twice changes nothing. */
    email: text('email').notNull(),
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_subscriptions_email_unique').on(t.email),
    check(
      'newsletter_subscriptions_email_check',
      sql`${t.email} = lower(${t.email}) and length(${t.email}) <= 254`,
    ),
  ],
);

/**
 * Messages sent from the contact page (DECISIONS §9: the contact form stores what is sent); admins
 * read them newest first. The length bounds repeat the shared schema's, so no other writer can
 * store more.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    /** Lower-cased, as the shared e-mail schema gives it. */
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    /** The page's language when sent, so the answer can be in it. */
    language: text('language').notNull(),
    /** The signed-in sender; kept as null if the account is deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_messages_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    check(
      'contact_messages_length_check',
      sql`length(${t.fullName}) between 1 and 100 and length(${t.email}) <= 254
        and (${t.phone} is null or length(${t.phone}) <= 32) and length(${t.message}) between 1 and 5000`,
    ),
  ],
);
