import { and, count, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  knownDevices,
  passkeys,
  recoveryCodes,
  refreshTokens,
  securityEvents,
  sessionFactors,
  totpFactors,
  twoFactorChallenges,
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

// ---- Challenges ----

type ChallengeKind = (typeof twoFactorChallenges.$inferInsert)['kind'];

export async function insertChallenge(
  db: DbOrTx,
  c: { kind: ChallengeKind; userId: string | null; webauthnChallenge: string | null; expiresAt: Date },
): Promise<string> {
  const [row] = await db.insert(twoFactorChallenges).values(c).returning({ id: twoFactorChallenges.id });
  if (!row) throw new Error('challenge not stored');
  return row.id;
}

/**
 * Counts one try on the challenge while it is live (not used, not expired, fewer than `maxTries`
 * tries), in one statement, before the answer is checked: answers sent at once cannot take more
 * than `maxTries`. Returns the challenge, or undefined when it is not live.
 */
export async function takeChallengeTry(db: DbOrTx, id: string, kind: ChallengeKind, maxTries: number) {
  const [row] = await db
    .update(twoFactorChallenges)
    .set({ tries: sql`${twoFactorChallenges.tries} + 1` })
    .where(
      and(
        eq(twoFactorChallenges.id, id),
        eq(twoFactorChallenges.kind, kind),
        isNull(twoFactorChallenges.usedAt),
        gt(twoFactorChallenges.expiresAt, new Date()),
        lt(twoFactorChallenges.tries, maxTries),
      ),
    )
    .returning();
  return row;
}

/** A live challenge of the user whose WebAuthn challenge is the one a passkey answered. */
export async function findLiveWebauthnChallenge(
  db: DbOrTx,
  userId: string | null,
  kind: ChallengeKind,
  challenge: string,
) {
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(
      and(
        eq(twoFactorChallenges.kind, kind),
        eq(twoFactorChallenges.webauthnChallenge, challenge),
        userId === null ? isNull(twoFactorChallenges.userId) : eq(twoFactorChallenges.userId, userId),
        isNull(twoFactorChallenges.usedAt),
        gt(twoFactorChallenges.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

/** Uses the challenge once (atomic); false when it was used in the meantime. */
export async function useChallenge(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(twoFactorChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.usedAt)))
    .returning({ id: twoFactorChallenges.id });
  return rows.length === 1;
}

/** Removes the challenges that ended before `before`; answers how many. */
export async function deleteOldChallenges(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(twoFactorChallenges)
    .where(lt(twoFactorChallenges.expiresAt, before))
    .returning({ id: twoFactorChallenges.id });
  return rows.length;
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

// ---- Devices and the security history ----

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

export async function deletePasskeys(db: DbOrTx, userId: string) {
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
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
