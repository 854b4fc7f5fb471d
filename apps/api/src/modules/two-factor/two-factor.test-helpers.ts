import { Secret, TOTP } from 'otpauth';
import type { TestApp } from '../../test/test-app';
import { createUser, login } from '../auth/auth.test-helpers';

/** The code an authenticator app shows for the secret at a time (default now). */
export const totpCode = (secret: string, at = Date.now()) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    period: 30,
    digits: 6,
    algorithm: 'SHA1',
    timestamp: at,
  });

export const post = (t: TestApp, url: string, token: string | undefined, payload?: object) =>
  t.request({ method: 'POST', url, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });

export const get = (t: TestApp, url: string, token: string) => t.request({ method: 'GET', url, token });

/** A signed-in user (no factor yet): e-mail, password, token. */
export async function signedIn(t: TestApp, opts: { role?: 'admin' | 'user' } = {}) {
  const u = await createUser(t, { ...opts, twoFactor: false });
  const res = await login(t, u.email, u.password);
  if (res.statusCode !== 200) throw new Error(res.body);
  return { ...u, token: res.json().content.jwToken as string };
}

/**
 * Sets up and turns on the authenticator for a signed-in user without a factor; answers the secret
 * and the recovery codes. The first code is one step back, so a code of "now" is still unused.
 */
export async function enableTotp(t: TestApp, token: string) {
  const setup = await post(t, '/api/User/2fa/totp/setup', token);
  if (setup.statusCode !== 200) throw new Error(setup.body);
  const secret = setup.json().content.secret as string;
  const res = await post(t, '/api/User/2fa/totp/enable', token, {
    code: totpCode(secret, Date.now() - 30_000),
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { secret, recoveryCodes: res.json().content.recoveryCodes as string[] };
}

/** The outbox's e-mails to an address, newest first (read straight from the service). */
export async function mailsTo(t: TestApp, to: string) {
  return t.services.mail.outbox({ to, limit: 50 });
}
