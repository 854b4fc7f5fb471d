import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResets, refreshTokens, users } from '../../db/schema';

// Credentials: the users table's e-mail, password hash and token version, refresh tokens, resets.

export async function findCredentialsByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row;
}

export async function findCredentialsById(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/** Inserts the user unless the e-mail is taken; returns the new id or undefined. */
export async function insertUser(
  db: DbOrTx,
  u: { email: string; passwordHash: string; firstName: string; lastName: string; birthDay: string },
): Promise<string | undefined> {
  const [row] = await db
    .insert(users)
    .values(u)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return row?.id;
}

/** Sets a new password hash and bumps the token version, which revokes every access token. */
export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

export async function insertRefreshToken(
  db: DbOrTx,
  t: { userId: string; tokenHash: string; familyId: string; expiresAt: Date },
) {
  await db.insert(refreshTokens).values(t);
}

/**
 * Marks a live refresh token used, in one statement so that two concurrent uses cannot both
 * succeed. Returns the token's user and family, or undefined if it was not live.
 */
export async function consumeRefreshToken(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
  return row;
}

export async function findRefreshToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function revokeRefreshFamily(db: DbOrTx, familyId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeUserRefreshTokens(db: DbOrTx, userId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function insertPasswordReset(
  db: DbOrTx,
  r: { userId: string; tokenHash: string; expiresAt: Date },
) {
  await db.insert(passwordResets).values(r);
}

/** Uses a live reset token of the given user once; returns whether it was live. */
export async function consumePasswordReset(db: DbOrTx, tokenHash: string, userId: string, now: Date) {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        eq(passwordResets.userId, userId),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ id: passwordResets.id });
  return rows.length > 0;
}

/** Closes every outstanding reset link of a user (after the password changed). */
export async function closePasswordResets(db: DbOrTx, userId: string, now: Date) {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
