import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export async function insertOutbox(db: DbOrTx, m: { to: string; subject: string; body: string }) {
  const [row] = await db.insert(mailOutbox).values(m).returning({ id: mailOutbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}

/** Several messages in one statement; their ids in the same order. */
export async function insertOutboxMany(db: DbOrTx, ms: { to: string; subject: string; body: string }[]) {
  if (ms.length === 0) return [];
  const rows = await db.insert(mailOutbox).values(ms).returning({ id: mailOutbox.id });
  return rows.map((r) => r.id);
}

export async function markSent(db: DbOrTx, id: string) {
  await db.update(mailOutbox).set({ sentAt: new Date(), error: null }).where(eq(mailOutbox.id, id));
}

export async function markFailed(db: DbOrTx, id: string, error: string) {
  await db.update(mailOutbox).set({ error }).where(eq(mailOutbox.id, id));
}

export function listOutbox(db: DbOrTx, opts: { to?: string | undefined; limit: number }) {
  return db
    .select()
    .from(mailOutbox)
    .where(and(opts.to ? eq(mailOutbox.to, opts.to) : undefined))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(opts.limit);
}

/** Rows neither sent nor failed (SMTP configured): how many, and the oldest one's time (its partial index). */
export async function undelivered(db: DbOrTx): Promise<{ undelivered: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${mailOutbox.createdAt})` })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.error)));
  const oldest = row?.oldest ?? null;
  return { undelivered: row?.count ?? 0, oldest: oldest === null ? null : new Date(oldest) };
}
