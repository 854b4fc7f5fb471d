import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export async function insertOutbox(db: DbOrTx, m: { to: string; subject: string; body: string }) {
  const [row] = await db.insert(mailOutbox).values(m).returning({ id: mailOutbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
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
