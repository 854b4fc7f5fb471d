import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { assets, users } from '../../db/schema';

export type AssetRow = typeof assets.$inferSelect;

export function listEnabledAssets(db: DbOrTx): Promise<AssetRow[]> {
  return db.select().from(assets).where(eq(assets.enabled, true)).orderBy(asc(assets.sortOrder));
}

/** The display currency a user chose (users.prefered_currency). */
export async function findPreferredCurrency(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ c: users.preferedCurrency })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.c;
}
