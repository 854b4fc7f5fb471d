import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
