import { UserStatus } from '@vaultline/shared';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { partnerApiKeys, partners, users } from '../../db/schema';

/** The partner row of an account, or undefined when the account is not a partner. */
export async function findPartner(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(partners).where(eq(partners.userId, userId)).limit(1);
  return row;
}

/** The partner row of an account that is a partner and active (a disabled one is no partner to guests). */
export async function findActivePartner(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ partner: partners })
    .from(partners)
    .innerJoin(users, eq(users.id, partners.userId))
    .where(and(eq(partners.userId, userId), eq(users.status, UserStatus.active)))
    .limit(1);
  return row?.partner;
}

export async function userExists(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return row !== undefined;
}

/**
 * Makes an account a partner or changes its maximum; the commission is clamped down to the new
 * maximum in the same statement so the table's check (commission <= max) always holds.
 */
export async function upsertPartner(db: DbOrTx, userId: string, maxCommission: string) {
  const [row] = await db
    .insert(partners)
    .values({ userId, maxCommission })
    .onConflictDoUpdate({
      target: partners.userId,
      set: {
        maxCommission,
        commission: sql`least(${partners.commission}, ${maxCommission}::numeric)`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('partner upsert returned no row');
  return row;
}

/** Sets the commission only when it is at most the maximum; undefined otherwise (or no partner). */
export async function setCommission(db: DbOrTx, userId: string, commission: string) {
  const [row] = await db
    .update(partners)
    .set({ commission, updatedAt: sql`now()` })
    .where(and(eq(partners.userId, userId), sql`${commission}::numeric <= ${partners.maxCommission}`))
    .returning();
  return row;
}

export async function countActiveKeys(db: DbOrTx, partnerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(partnerApiKeys)
    .where(and(eq(partnerApiKeys.partnerId, partnerId), isNull(partnerApiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertKey(
  db: DbOrTx,
  key: { partnerId: string; name: string; prefix: string; keyHash: Buffer; scopes: string[] },
) {
  const [row] = await db.insert(partnerApiKeys).values(key).returning({ id: partnerApiKeys.id });
  if (!row) throw new Error('key insert returned no row');
  return row;
}

/** A partner's keys, newest first; never the hash. */
export function listKeys(db: DbOrTx, partnerId: string) {
  return db
    .select({
      id: partnerApiKeys.id,
      name: partnerApiKeys.name,
      prefix: partnerApiKeys.prefix,
      scopes: partnerApiKeys.scopes,
      createdAt: partnerApiKeys.createdAt,
      lastUsedAt: partnerApiKeys.lastUsedAt,
      revokedAt: partnerApiKeys.revokedAt,
    })
    .from(partnerApiKeys)
    .where(eq(partnerApiKeys.partnerId, partnerId))
    .orderBy(desc(partnerApiKeys.createdAt), desc(partnerApiKeys.id));
}

/** Revokes one of the partner's own keys; false when it is not theirs (or unknown). */
export async function revokeKey(db: DbOrTx, partnerId: string, keyId: string): Promise<boolean> {
  const rows = await db
    .update(partnerApiKeys)
    .set({ revokedAt: sql`coalesce(${partnerApiKeys.revokedAt}, now())` })
    .where(and(eq(partnerApiKeys.id, keyId), eq(partnerApiKeys.partnerId, partnerId)))
    .returning({ id: partnerApiKeys.id });
  return rows.length > 0;
}
