import { and, count, eq, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  passkeys,
  recoveryCodes,
  refreshTokens,
  sessionFactors,
  totpFactors,
  twoFactorFailures,
  users,
} from '../../db/schema';

export async function findUserInfo(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      language: users.preferedLanguage,
      status: users.status,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

// ---- TOTP ----

export async function findTotp(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).limit(1);
  return row;
}

export async function setPendingTotp(db: DbOrTx, userId: string, sealed: string) {
  await db
    .insert(totpFactors)
    .values({ userId, pendingSecret: sealed })
    .onConflictDoUpdate({ target: totpFactors.userId, set: { pendingSecret: sealed } });
}

export async function enableTotp(db: DbOrTx, userId: string, sealed: string, step: number) {
  await db
    .update(totpFactors)
    .set({ secret: sealed, pendingSecret: null, enabledAt: new Date(), lastStep: step })
    .where(eq(totpFactors.userId, userId));
}

/** Takes the step if it is after the last one accepted; false for a replay (atomic). */
export async function takeTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(totpFactors)
    .set({ lastStep: step })
    .where(
      and(eq(totpFactors.userId, userId), or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step))),
    )
    .returning({ userId: totpFactors.userId });
  return rows.length === 1;
}

export async function deleteTotp(db: DbOrTx, userId: string) {
  await db.delete(totpFactors).where(eq(totpFactors.userId, userId));
}

// ---- Passkeys ----

export async function listPasskeys(db: DbOrTx, userId: string) {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt);
}

export async function findPasskeyByCredential(db: DbOrTx, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row;
}

export async function insertPasskey(
  db: DbOrTx,
  p: {
    userId: string;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[] | null;
    name: string;
  },
) {
  const [row] = await db.insert(passkeys).values(p).onConflictDoNothing().returning();
  return row;
}

export async function deletePasskey(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id, name: passkeys.name });
  return row;
}

export async function touchPasskey(db: DbOrTx, id: string, counter: number) {
  await db.update(passkeys).set({ counter, lastUsedAt: new Date() }).where(eq(passkeys.id, id));
}

export async function deletePasskeys(db: DbOrTx, userId: string) {
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
}

// ---- Recovery codes ----

export async function replaceRecoveryCodes(db: DbOrTx, userId: string, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks the code used if it is the user's and unused; false otherwise (atomic: used once). */
export async function useRecoveryCode(db: DbOrTx, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function recoveryCodesLeft(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function deleteRecoveryCodes(db: DbOrTx, userId: string) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** True when the user has an enabled authenticator or a passkey. */
export async function hasFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const [t] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt)))
    .limit(1);
  if (t) return true;
  const [p] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return p !== undefined;
}

// ---- Sessions that gave a factor, and wrong answers while signed in ----

export async function markSessionFactor(db: DbOrTx, familyId: string, userId: string, at: Date) {
  await db
    .insert(sessionFactors)
    .values({ familyId, userId, verifiedAt: at })
    .onConflictDoUpdate({ target: sessionFactors.familyId, set: { verifiedAt: at } });
}

export async function sessionFactorAt(db: DbOrTx, familyId: string, userId: string) {
  const [row] = await db
    .select({ at: sessionFactors.verifiedAt })
    .from(sessionFactors)
    .where(and(eq(sessionFactors.familyId, familyId), eq(sessionFactors.userId, userId)))
    .limit(1);
  return row?.at;
}

export async function clearSessionFactors(db: DbOrTx, userId: string) {
  await db.delete(sessionFactors).where(eq(sessionFactors.userId, userId));
}

export async function findFailures(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(twoFactorFailures)
    .where(eq(twoFactorFailures.userId, userId))
    .limit(1);
  return row;
}

/**
 * Counts one wrong answer (atomic); a window older than `windowStartAfter` starts again at 1.
 * Returns the count and the window's start after it.
 */
export async function addFailure(db: DbOrTx, userId: string, now: Date, windowStartAfter: Date) {
  const [row] = await db
    .insert(twoFactorFailures)
    .values({ userId, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: twoFactorFailures.userId,
      set: {
        count: sql`case when ${twoFactorFailures.windowStart} > ${windowStartAfter} then ${twoFactorFailures.count} + 1 else 1 end`,
        windowStart: sql`case when ${twoFactorFailures.windowStart} > ${windowStartAfter} then ${twoFactorFailures.windowStart} else ${now} end`,
      },
    })
    .returning({ count: twoFactorFailures.count, windowStart: twoFactorFailures.windowStart });
  if (!row) throw new Error('failure not counted');
  return row;
}

export async function clearFailures(db: DbOrTx, userId: string) {
  await db.delete(twoFactorFailures).where(eq(twoFactorFailures.userId, userId));
}

// ---- Ending sessions ----

/** After a reset: withdrawals locked until then, and every session ended (token version bump). */
export async function lockAfterReset(db: DbOrTx, userId: string, until: Date | null) {
  await db
    .update(users)
    .set({
      // A lock already running longer is kept.
      withdrawalsLockedUntil: until
        ? sql`greatest(coalesce(${users.withdrawalsLockedUntil}, ${until.toISOString()}::timestamptz), ${until.toISOString()}::timestamptz)`
        : users.withdrawalsLockedUntil,
      tokenVersion: sql`${users.tokenVersion} + 1`,
    })
    .where(eq(users.id, userId));
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * The account's first factor ends its other sessions (refresh-token families): one opened with the
 * password alone before, maybe by whoever else knows it, cannot go on without the factor. Their
 * access tokens lapse within their lifetime (minutes).
 */
export async function revokeOtherSessions(db: DbOrTx, userId: string, keepFamilyId: string | undefined) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        ...(keepFamilyId ? [ne(refreshTokens.familyId, keepFamilyId)] : []),
      ),
    );
}
