// The browsers a user signed in from, and the user's security history (sign-ins, factor changes).
import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { knownDevices, securityEvents } from '../../db/schema';

/** Records the device; true when it was not known before. */
export async function rememberDevice(db: DbOrTx, userId: string, hash: string): Promise<boolean> {
  const rows = await db
    .insert(knownDevices)
    .values({ userId, deviceHash: hash })
    .onConflictDoUpdate({
      target: [knownDevices.userId, knownDevices.deviceHash],
      set: { lastSeen: new Date() },
    })
    .returning({ first: knownDevices.firstSeen, last: knownDevices.lastSeen });
  const r = rows[0];
  return r !== undefined && r.first.getTime() === r.last.getTime();
}

export async function countDevices(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(knownDevices).where(eq(knownDevices.userId, userId));
  return row?.n ?? 0;
}

export async function insertSecurityEvent(
  db: DbOrTx,
  e: { userId: string; type: string; userAgent: string | null; ip: string | null; detail: string | null },
) {
  await db.insert(securityEvents).values(e);
}

export async function listSecurityEvents(db: DbOrTx, userId: string, limit: number) {
  return db
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(desc(securityEvents.at), desc(securityEvents.id))
    .limit(limit);
}
