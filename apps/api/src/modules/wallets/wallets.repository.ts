import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { assets } from '../../db/schema';

export type AssetRow = typeof assets.$inferSelect;

export function listEnabledAssets(db: DbOrTx): Promise<AssetRow[]> {
  return db.select().from(assets).where(eq(assets.enabled, true)).orderBy(asc(assets.sortOrder));
}
