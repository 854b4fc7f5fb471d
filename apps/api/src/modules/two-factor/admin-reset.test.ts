import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  passkeys,
  recoveryCodes,
  sessionFactors,
  totpFactors,
  twoFactorFailures,
  users,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  createUser,
  givePasskey,
  login,
  refresh,
  refreshCookie,
  session,
  softPasskeyOf,
} from '../auth/auth.test-helpers';
import { authenticationResponse } from './soft-authenticator.test-helpers';
import { enableTotp, get, mailsTo, post, signedIn } from './two-factor.test-helpers';

let t: TestApp;
beforeAll(async () => {
  // Outside demo mode, as in production: WITHDRAWAL_LOCK_HOURS defaults to 24 (0 in demo).
  t = await createTestApp({ env: { DEMO: 'false' } });
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const resetUrl = (id: string) => `/api/Admin/users/${id}/2fa/reset`;
const codeOf = (res: { json(): { error?: { code?: string } } }) => res.json().error?.code;

const idOf = async (email: string) => {
  const [row] = await t.services.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};

/** A user with every kind of factor: an authenticator (and its recovery codes) and a passkey. */
async function userWithFactors() {
  const u = await signedIn(t);
  const refreshToken = refreshCookie(await login(t, u.email, u.password));
  await enableTotp(t, u.token);
  await givePasskey(t, u.email);
  const id = await idOf(u.email);
  const status = (await get(t, '/api/User/2fa', u.token)).json().content;
  expect(status).toMatchObject({ totp: true, passkeys: [{ name: 'Test key' }], recoveryCodesLeft: 10 });
  return { ...u, id, refreshToken };
}

/** What the user has left of their factors, read from the tables. */
async function factorRows(userId: string) {
  const db = t.services.db;
  return {
    totp: await db.select().from(totpFactors).where(eq(totpFactors.userId, userId)),
    passkeys: await db.select().from(passkeys).where(eq(passkeys.userId, userId)),
    recoveryCodes: await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
  };
}

describe('POST /api/Admin/users/:id/2fa/reset', () => {
  it('is refused to a user (403), to an admin without a factor (403 TWO_FACTOR_REQUIRED) and without a recent one (401 TWO_FACTOR_NEEDED)', async () => {
    const target = await userWithFactors();

    const plain = await signedIn(t);
    const byUser = await post(t, resetUrl(target.id), plain.token);
    expect(byUser.statusCode).toBe(403);
    expect(codeOf(byUser)).not.toBe('TWO_FACTOR_REQUIRED');

    const bare = await createUser(t, { role: 'admin', twoFactor: false });
    const bareToken = (await login(t, bare.email, bare.password)).json().content.jwToken;
    const byBare = await post(t, resetUrl(target.id), bareToken);
    expect([byBare.statusCode, codeOf(byBare)]).toEqual([403, 'TWO_FACTOR_REQUIRED']);

    // An admin whose session gave its factor 11 minutes ago: the step-up has run out.
    const admin = await createUser(t, { role: 'admin' });
    const adminId = await idOf(admin.email);
    const { token } = await session(t, admin.email, admin.password);
    await t.services.db
      .update(sessionFactors)
      .set({ verifiedAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(sessionFactors.userId, adminId));
    const stale = await post(t, resetUrl(target.id), token);
    expect([stale.statusCode, codeOf(stale)]).toEqual([401, 'TWO_FACTOR_NEEDED']);

    // Nothing was reset by the refusals.
    const rows = await factorRows(target.id);
    expect([rows.totp.length, rows.passkeys.length, rows.recoveryCodes.length]).toEqual([1, 1, 10]);
    expect(await mailsTo(t, target.email)).not.toContainEqual(
      expect.objectContaining({ subject: 'The second factors of your Vaultline account were reset' }),
    );

    // The same request with the admin's passkey in it goes through.
    const key = softPasskeyOf(admin.email);
    if (!key) throw new Error('the admin has no test passkey');
    const options = (await post(t, '/api/User/2fa/passkey/options', token)).json().content;
    const given = await post(t, resetUrl(target.id), token, {
      twoFactor: { passkey: authenticationResponse(key, options, t.app.config.publicUrl) },
    });
    expect(given.statusCode, given.body).toBe(200);
  });

  it('removes every factor: the password alone signs in, sessions end, audited, e-mailed, in the history, withdrawals locked 24 hours', async () => {
    const target = await userWithFactors();
    await t.services.db.update(users).set({ preferedLanguage: 'ru-ru' }).where(eq(users.id, target.id));
    const admin = await createUser(t, { role: 'admin' });
    const adminId = await idOf(admin.email);
    const { token: adminToken } = await session(t, admin.email, admin.password);

    const before = Date.now();
    const res = await post(t, resetUrl(target.id), adminToken);
    expect(res.statusCode, res.body).toBe(200);
    const until = new Date(res.json().content.withdrawalsLockedUntil).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 24 * HOUR);
    expect(until).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
    // Stored on the user (users.withdrawals_locked_until).
    const [row] = await t.services.db
      .select({ lockedUntil: users.withdrawalsLockedUntil })
      .from(users)
      .where(eq(users.id, target.id));
    expect(row?.lockedUntil?.getTime()).toBe(until);

    // No factor left at all, not even an unused recovery code.
    expect(await factorRows(target.id)).toEqual({ totp: [], passkeys: [], recoveryCodes: [] });
    // Every session ended: the old access token and refresh cookie are refused.
    expect((await get(t, '/api/User/2fa', target.token)).statusCode).toBe(401);
    expect((await refresh(t, target.refreshToken)).statusCode).toBe(401);
    // The password alone signs in now.
    const again = await login(t, target.email, target.password);
    expect(again.statusCode).toBe(200);
    const token = again.json().content.jwToken;
    expect(token).toBeTypeOf('string');
    expect((await get(t, '/api/User/2fa', token)).json().content).toEqual({
      totp: false,
      passkeys: [],
      recoveryCodesLeft: 0,
    });

    // The audit log says who reset whom.
    const page = await get(
      t,
      `/api/Admin/auditLog?action=user.twoFactorReset&targetId=${target.id}`,
      adminToken,
    );
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().content.items).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: adminId, email: admin.email }),
        action: 'user.twoFactorReset',
        targetType: 'user',
        targetId: target.id,
        before: { twoFactor: true },
        after: { twoFactor: false, withdrawalsLockedUntil: new Date(until).toISOString() },
      }),
    ]);

    // The user is told, in their language, with the lock.
    const mail = (await mailsTo(t, target.email)).find(
      (m) => m.subject === 'Вторые факторы вашего аккаунта Vaultline сброшены',
    );
    expect(mail?.body).toContain('В целях безопасности вывод средств заблокирован на 24 ч.');
    // Neither the e-mail nor the history shows the admin's browser or address.
    expect(mail?.body).not.toContain('Откуда');
    // And it is in their security history.
    const events = (await get(t, '/api/User/security-events', token)).json().content.events;
    expect(events[0]).toMatchObject({ type: 'factors.reset', userAgent: null, ip: null });
  });

  it('lifts a lock from wrong answers: the user sets up a new authenticator at once', async () => {
    const target = await userWithFactors();
    // Ten wrong answers in the hour (an attacker's, or the user's own with a lost phone).
    await t.services.db
      .insert(twoFactorFailures)
      .values({ userId: target.id, count: 10, windowStart: new Date() })
      .onConflictDoUpdate({ target: twoFactorFailures.userId, set: { count: 10, windowStart: new Date() } });
    const admin = await createUser(t, { role: 'admin' });
    const { token: adminToken } = await session(t, admin.email, admin.password);
    expect((await post(t, resetUrl(target.id), adminToken)).statusCode).toBe(200);

    const token = (await login(t, target.email, target.password)).json().content.jwToken as string;
    const { recoveryCodes: codes } = await enableTotp(t, token);
    expect(codes).toHaveLength(10);
  });

  it('answers 404 for an unknown user and changes nothing', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const { token } = await session(t, admin.email, admin.password);
    const res = await post(t, resetUrl(randomUUID()), token);
    expect([res.statusCode, codeOf(res)]).toEqual([404, 'USER_NOT_FOUND']);
  });
});
