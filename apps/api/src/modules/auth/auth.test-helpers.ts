import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { ensureUser } from '../../db/seed';
import type { TestApp } from '../../test/test-app';

let n = 0;
/** A fresh e-mail per call so tests in one file never collide. */
export const uniqueEmail = (prefix = 'user') => `${prefix}-${process.pid}-${++n}@example.test`;

export const PASSWORD = 'correct-horse-battery';

export async function createUser(
  t: TestApp,
  opts: { email?: string; password?: string; role?: 'admin' | 'user' } = {},
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
  return { email, password };
}

export function login(t: TestApp, email: string, password: string) {
  return t.request({ method: 'POST', url: '/api/Auth', payload: { email, password } });
}

/** Logs in and returns the access token and the refresh cookie's value. */
export async function session(t: TestApp, email: string, password: string) {
  const res = await login(t, email, password);
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
