// The challenges of sign-in, step-up and passkey registration: stored, tried, used once, swept.
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { twoFactorChallenges } from '../../db/schema';

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
