import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, session } from '../auth/auth.test-helpers';
import { makeUser } from '../ledger/ledger.test-helpers';
import { enableTotp, post, signedIn, totpCode } from '../two-factor/two-factor.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WITHDRAWAL_LOCK_HOURS: '24' } });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
async function lockedUntil(userId: string): Promise<number | null> {
  const [row] = await t.services.db
    .select({ at: users.withdrawalsLockedUntil })
    .from(users)
    .where(eq(users.id, userId));
  return row?.at?.getTime() ?? null;
}
const idOf = async (email: string) =>
  (await t.services.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? '';
const about24h = (at: number | null) => {
  expect(at).not.toBeNull();
  expect(Math.abs((at ?? 0) - (Date.now() + 24 * HOUR))).toBeLessThan(60_000);
};

describe('withdrawals locked for WITHDRAWAL_LOCK_HOURS after a security change', () => {
  it('a password change', async () => {
    const u = await signedIn(t);
    const id = await idOf(u.email);
    expect(await lockedUntil(id)).toBeNull();
    const res = await post(t, '/api/User/changePassword', u.token, {
      currentPassword: u.password,
      newPassword: 'another-long-password-1',
    });
    expect(res.statusCode).toBe(200);
    about24h(await lockedUntil(id));
  });

  it('a password reset with the e-mailed token', async () => {
    const admin = await createUser(t, { role: 'admin' });
    await session(t, admin.email, admin.password);
    const u = await createUser(t);
    await t.request({ method: 'POST', url: '/api/User/resetPassword', payload: { email: u.email } });
    await t.services.auth.idle();
    const [mail] = await t.services.mail.outbox({ to: u.email, limit: 1 });
    const token = new URL(mail?.body.match(/https?:\/\/\S+/)?.[0] ?? 'http://x').searchParams.get('token');
    const res = await post(t, '/api/User/changePassword', undefined, {
      token,
      email: u.email,
      newPassword: 'a-new-long-password-2',
    });
    expect(res.statusCode).toBe(200);
    about24h(await lockedUntil(await idOf(u.email)));
  });

  it('the authenticator turned off, and a passkey removed', async () => {
    const u = await signedIn(t);
    const id = await idOf(u.email);
    const { secret } = await enableTotp(t, u.token);
    expect(await lockedUntil(id)).toBeNull();
    const off = await post(t, '/api/User/2fa/totp/disable', u.token, { code: totpCode(secret) });
    expect(off.statusCode).toBe(200);
    about24h(await lockedUntil(id));

    const v = await makeUser(t, { twoFactor: true });
    const status = await t.request({ method: 'GET', url: '/api/User/2fa', token: v.token });
    const key = status.json().content.passkeys[0] as { id: string };
    expect(await lockedUntil(v.id)).toBeNull();
    const del = await t.request({ method: 'DELETE', url: `/api/User/passkeys/${key.id}`, token: v.token });
    expect(del.statusCode).toBe(200);
    about24h(await lockedUntil(v.id));
  });

  it('a longer lock already running is kept', async () => {
    const u = await signedIn(t);
    const id = await idOf(u.email);
    const later = new Date(Date.now() + 72 * HOUR);
    await t.services.db.update(users).set({ withdrawalsLockedUntil: later }).where(eq(users.id, id));
    await post(t, '/api/User/changePassword', u.token, {
      currentPassword: u.password,
      newPassword: 'another-long-password-3',
    });
    expect(await lockedUntil(id)).toBe(later.getTime());
  });
});
