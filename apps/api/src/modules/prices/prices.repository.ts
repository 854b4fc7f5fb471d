import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { priceSnapshots } from '../../db/schema';

export interface SnapshotRow {
  asset: string;
  usd: string;
  takenAt: Date;
}

/** Writes one slot's prices; a row another instance already wrote for the slot is kept, not doubled. */
export async function insertSnapshots(
  db: DbOrTx,
  source: string,
  takenAt: Date,
  prices: { asset: string; usd: string }[],
): Promise<void> {
  if (prices.length === 0) return;
  await db
    .insert(priceSnapshots)
    .values(prices.map((p) => ({ ...p, source, takenAt })))
    .onConflictDoNothing();
}

/** The newest snapshot of each asset from a source. */
export async function latestSnapshots(db: DbOrTx, source: string): Promise<SnapshotRow[]> {
  return db
    .selectDistinctOn([priceSnapshots.asset], {
      asset: priceSnapshots.asset,
      usd: priceSnapshots.usd,
      takenAt: priceSnapshots.takenAt,
    })
    .from(priceSnapshots)
    .where(eq(priceSnapshots.source, source))
    .orderBy(priceSnapshots.asset, desc(priceSnapshots.takenAt));
}

/**
 * Each asset's price as of `at`: the newest snapshot at or before it, or, when the history starts
 * later, the oldest one after it (so a young installation still shows a change).
 */
export async function snapshotsAsOf(db: DbOrTx, source: string, at: Date): Promise<SnapshotRow[]> {
  const cols = { asset: priceSnapshots.asset, usd: priceSnapshots.usd, takenAt: priceSnapshots.takenAt };
  const before = await db
    .selectDistinctOn([priceSnapshots.asset], cols)
    .from(priceSnapshots)
    .where(and(eq(priceSnapshots.source, source), lte(priceSnapshots.takenAt, at)))
    .orderBy(priceSnapshots.asset, desc(priceSnapshots.takenAt));
  const after = await db
    .selectDistinctOn([priceSnapshots.asset], cols)
    .from(priceSnapshots)
    .where(and(eq(priceSnapshots.source, source), gte(priceSnapshots.takenAt, at)))
    .orderBy(priceSnapshots.asset, asc(priceSnapshots.takenAt));
  const out = new Map(after.map((r) => [r.asset, r]));
  for (const r of before) out.set(r.asset, r);
  return [...out.values()];
}

/** A price series averaged into at most ~300 buckets, oldest first. */
export async function priceSeries(
  db: DbOrTx,
  source: string,
  asset: string,
  since: Date,
  bucketSeconds: number,
): Promise<{ usd: string; takenAt: Date }[]> {
  // Inlined (an integer we computed) so SELECT, GROUP BY and ORDER BY are the same expression.
  const b = sql.raw(String(Math.max(1, Math.floor(bucketSeconds))));
  const bucket = sql`to_timestamp(floor(extract(epoch from ${priceSnapshots.takenAt}) / ${b}) * ${b})`;
  const rows = await db
    .select({ usd: sql<string>`avg(${priceSnapshots.usd})::text`, takenAt: sql<string>`${bucket}::text` })
    .from(priceSnapshots)
    .where(
      and(
        eq(priceSnapshots.source, source),
        eq(priceSnapshots.asset, asset),
        gte(priceSnapshots.takenAt, since),
      ),
    )
    .groupBy(bucket)
    .orderBy(bucket);
  return rows.map((r) => ({ usd: r.usd, takenAt: new Date(r.takenAt) }));
}

/**
 * Keeps snapshots older than `before` only on the hour: every refresh stays for recent charts, one
 * point an hour for the long ones, so the table grows by ~24 rows an asset a day, not ~1 440.
 */
export async function thinSnapshots(db: DbOrTx, before: Date): Promise<void> {
  await db
    .delete(priceSnapshots)
    .where(
      and(
        sql`${priceSnapshots.takenAt} < ${before.toISOString()}`,
        sql`${priceSnapshots.takenAt} <> date_trunc('hour', ${priceSnapshots.takenAt}, 'UTC')`,
      ),
    );
}
