import { count, desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contactMessages, newsletterSubscriptions } from '../../db/schema';

/** Inserts the address once; a second sign-up with the same address is a no-op. */
export async function insertNewsletterSubscription(
  db: DbOrTx,
  email: string,
  language: string,
): Promise<void> {
  await db.insert(newsletterSubscriptions).values({ email, language }).onConflictDoNothing({
    target: newsletterSubscriptions.email,
  });
}

export type NewContactMessage = typeof contactMessages.$inferInsert;
export type ContactMessageRow = typeof contactMessages.$inferSelect;

export async function insertContactMessage(db: DbOrTx, row: NewContactMessage): Promise<string> {
  const [inserted] = await db.insert(contactMessages).values(row).returning({ id: contactMessages.id });
  if (!inserted) throw new Error('contact message insert returned no row');
  return inserted.id;
}

/** One page of messages, newest first (ties by id, so pages never overlap), and the total. */
export async function listContactMessages(
  db: DbOrTx,
  limit: number,
  offset: number,
): Promise<{ rows: ContactMessageRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(contactMessages),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
