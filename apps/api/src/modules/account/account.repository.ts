import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

export async function findUserById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function updatePreferences(
  db: DbOrTx,
  id: string,
  set: Partial<Pick<UserRow, 'preferedLanguage' | 'preferedCurrency'>>,
) {
  const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning();
  return row;
}

export type UserRow = typeof users.$inferSelect;
