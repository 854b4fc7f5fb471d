import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { passkeys, users } from '../../db/schema';
import { ensureUser } from '../../db/seed';
import type { TestApp } from '../../test/test-app';
import {
  authenticationResponse,
  newSoftPasskey,
  type SoftPasskey,
} from '../two-factor/soft-authenticator.test-helpers';

/** The software passkey of each test account that has one, by e-mail. */
const passkeysByEmail = new Map<string, SoftPasskey>();
export const softPasskeyOf = (email: string) => passkeysByEmail.get(email.toLowerCase());

/**
 * Gives the account a software passkey (a real WebAuthn credential, node:crypto P-256): sign-in
 * then asks for it, and `session()` answers with it, so the session counts as having given a
 * second factor (step-up) for the next 10 minutes.
 */
export async function givePasskey(t: TestApp, email: string): Promise<SoftPasskey> {
  const [u] = await t.services.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  if (!u) throw new Error(`no user ${email}`);
  const key = newSoftPasskey();
  await t.services.db.insert(passkeys).values({
    userId: u.id,
    credentialId: key.credentialId.toString('base64url'),
    publicKey: key.publicKeyCose,
    counter: 0,
    name: 'Test key',
  });
  passkeysByEmail.set(email.toLowerCase(), key);
  return key;
}

let n = 0;
/** A fresh e-mail per call so tests in one file never collide. */
export const uniqueEmail = (prefix = 'user') => `${prefix}-${process.pid}-${++n}@example.test`;

export const PASSWORD = 'correct-horse-battery';

/**
 * A user; an admin gets a software passkey (second factor) unless `twoFactor: false`, as the back
 * office asks for one (ADMIN_REQUIRE_2FA, step-up on payouts, refunds, fees...).
 */
export async function createUser(
  t: TestApp,
  opts: { email?: string; password?: string; role?: 'admin' | 'user'; twoFactor?: boolean } = {},
): Promise<{ email: string; password: string }> {
  const email = opts.email ?? uniqueEmail(opts.role ?? 'user');
  const password = opts.password ?? PASSWORD;
  await ensureUser(t.services.db, {
    email,
    password,
    firstName: 'Test',
    lastName: 'User',
    role: opts.role ?? 'user',
  });
  if (opts.twoFactor ?? opts.role === 'admin') await givePasskey(t, email);
  return { email, password };
}

export function login(t: TestApp, email: string, password: string) {
  return t.request({ method: 'POST', url: '/api/Auth', payload: { email, password } });
}

/** Logs in and returns the access token and the refresh cookie's value. */
export async function session(t: TestApp, email: string, password: string) {
  let res = await login(t, email, password);
  const second = res.statusCode === 200 ? res.json().content : undefined;
  if (second?.twoFactorRequired) {
    const key = softPasskeyOf(email);
    if (!key) throw new Error(`login asks a second factor and ${email} has no test passkey`);
    res = await t.request({
      method: 'POST',
      url: '/api/Auth/2fa',
      payload: {
        challengeId: second.challengeId,
        passkey: authenticationResponse(key, second.passkeyOptions, t.app.config.publicUrl),
      },
    });
  }
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { token: res.json().content.jwToken as string, refresh: refreshCookie(res) };
}

export function refreshCookie(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === 'refresh_token')?.value;
}

export const refresh = (t: TestApp, cookie: string | undefined) =>
  t.request({ method: 'POST', url: '/api/Auth/refresh', cookies: cookie ? { refresh_token: cookie } : {} });

export const claims = (token: string) => decodeJwt(token);

/** The last outbox e-mail to an address, read the way the e2e tests do: as an admin over HTTP. */
export async function lastMailTo(t: TestApp, adminToken: string, to: string) {
  const res = await t.request({
    method: 'GET',
    url: `/api/Admin/outbox?to=${encodeURIComponent(to)}&limit=1`,
    token: adminToken,
  });
  if (res.statusCode !== 200) throw new Error(`outbox failed: ${res.body}`);
  return res.json().content[0] as { to: string; subject: string; body: string } | undefined;
}
