import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countries, settings } from '../../db/schema';

export function listCountries(db: DbOrTx) {
  return db.select().from(countries).orderBy(asc(countries.iso31661Alpha2Code));
}

export async function readSettings(db: DbOrTx, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function writeSetting(db: DbOrTx, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/** A setting's stored value, its row locked until the transaction ends; undefined when not stored. */
export async function readSettingForUpdate(tx: DbOrTx, key: string): Promise<string | undefined> {
  const [row] = await tx.select().from(settings).where(eq(settings.key, key)).for('update');
  return row?.value;
}
