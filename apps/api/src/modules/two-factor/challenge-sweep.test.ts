import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactorChallenges } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { KEEP_ENDED_MS, sweepEndedChallenges } from './challenge-sweep';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('ended second-factor challenges are removed', () => {
  it('removes those ended more than an hour ago, keeps the live and the recently ended', async () => {
    const now = new Date();
    const at = (msFromNow: number) => new Date(now.getTime() + msFromNow);
    const rows = await t.services.db
      .insert(twoFactorChallenges)
      .values([
        { kind: 'passkeySignIn', expiresAt: at(-KEEP_ENDED_MS - 60_000) },
        {
          kind: 'passkeySignIn',
          expiresAt: at(-KEEP_ENDED_MS - 24 * 3600_000),
          usedAt: at(-KEEP_ENDED_MS * 25),
        },
        { kind: 'passkeySignIn', expiresAt: at(-KEEP_ENDED_MS + 60_000) },
        { kind: 'passkeySignIn', expiresAt: at(5 * 60_000) },
      ])
      .returning({ id: twoFactorChallenges.id });
    const ids = rows.map((r) => r.id);

    expect(await sweepEndedChallenges(t.services.db, now)).toBeGreaterThanOrEqual(2);
    const left = await t.services.db
      .select({ id: twoFactorChallenges.id })
      .from(twoFactorChallenges)
      .where(inArray(twoFactorChallenges.id, ids));
    expect(left.map((r) => r.id).sort()).toEqual([ids[2], ids[3]].sort());
  });
});
