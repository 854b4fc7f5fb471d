import { ROLE_CLAIM } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTokenService } from '../../lib/tokens';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app';
import { claims, createUser, login, refreshCookie, session, uniqueEmail } from './auth.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/Auth', payload: payload as string, headers });

describe('POST /api/Auth (login)', () => {
  it('answers a JWT with the role claim URI, premium and version, and sets the refresh cookie', async () => {
    const u = await createUser(t);
    const res = await login(t, u.email, u.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, error: null });
    const c = claims(body.content.jwToken);
    expect(c[ROLE_CLAIM]).toBe('user');
    expect(c.premium).toBe(false);
    expect(c.ver).toBe(0);
    expect(typeof c.sub).toBe('string');
    expect(c.exp).toBeGreaterThan(Date.now() / 1000);
    const cookie = res.cookies.find((k) => k.name === 'refresh_token');
    expect(cookie).toMatchObject({ path: '/api/Auth', httpOnly: true, sameSite: 'Strict' });
    expect(cookie?.value).toMatch(/^[\w-]{40,}$/);
  });

  it('gives an admin the admin role claim', async () => {
    const a = await createUser(t, { role: 'admin' });
    const { token } = await session(t, a.email, a.password);
    expect(claims(token)[ROLE_CLAIM]).toBe('admin');
  });

  it("accepts the spec's {Email, Password} casing and any case of the e-mail", async () => {
    const u = await createUser(t);
    const res = await post({ Email: u.email.toUpperCase(), Password: u.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().content.jwToken).toEqual(expect.any(String));
  });

  it('answers the same 401 for an unknown e-mail and for a wrong password', async () => {
    const u = await createUser(t);
    const unknown = await login(t, uniqueEmail('nobody'), u.password);
    const wrong = await login(t, u.email, 'not-the-password');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({
      success: false,
      content: null,
      error: {
        status: 401,
        statusText: 'Unauthorized',
        error: 'Invalid e-mail or password',
        code: 'INVALID_CREDENTIALS',
      },
    });
    expect(refreshCookie(wrong)).toBeUndefined();
  });

  it('refuses a disabled account with 403, and its existing token on GET User', async () => {
    const u = await createUser(t);
    const { token } = await session(t, u.email, u.password);
    expect((await t.request({ method: 'GET', url: '/api/User', token })).statusCode).toBe(200);
    await t.services.db.update(users).set({ status: -1 }).where(eq(users.email, u.email));

    const res = await login(t, u.email, u.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'ACCOUNT_DISABLED',
      error: 'Your account has been disabled. Please contact our support.',
    });
    const me = await t.request({ method: 'GET', url: '/api/User', token });
    expect(me.statusCode).toBe(403);
    expect(me.json().error.code).toBe('ACCOUNT_DISABLED');
  });

  it('does not reveal a disabled account to someone without its password', async () => {
    const u = await createUser(t);
    await t.services.db.update(users).set({ status: -1 }).where(eq(users.email, u.email));
    expect((await login(t, u.email, 'wrong-password')).statusCode).toBe(401);
  });

  it.each([
    ['malformed JSON', '{"email": "a@b.c", ', 'MALFORMED_JSON'],
    ['a missing password', { email: 'a@example.test' }, 'VALIDATION'],
    ['a missing e-mail', { password: 'x' }, 'VALIDATION'],
    ['a wrongly typed password', { email: 'a@example.test', password: 12345678 }, 'VALIDATION'],
    ['an invalid e-mail', { email: 'not-an-email', password: 'x' }, 'VALIDATION'],
    ['an array body', [1, 2], 'VALIDATION'],
  ])('answers 400 in the envelope for %s', async (_what, payload, code) => {
    const res = await post(payload, { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, content: null, error: { status: 400, code } });
    expect(body.error.error.length).toBeGreaterThan(5);
  });

  it('names the faulty field in the message', async () => {
    const res = await post({ email: 'a@example.test' });
    expect(res.json().error.error).toContain('password');
    expect(res.json().error.fields).toHaveProperty('password');
  });

  it('refuses a login without the XSRF header with 403', async () => {
    const u = await createUser(t);
    const res = await t.request({ method: 'POST', url: '/api/Auth', payload: u, xsrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('XSRF');
  });
});

describe('access tokens', () => {
  it('refuses a token whose payload was changed', async () => {
    const u = await createUser(t);
    const { token } = await session(t, u.email, u.password);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const changed = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), [ROLE_CLAIM]: 'admin' };
    const forged = `${header}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
    const res = await t.request({ method: 'GET', url: '/api/User', token: forged });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('TOKEN_INVALID');
  });

  it('refuses an expired token', async () => {
    const u = await createUser(t);
    const { token } = await session(t, u.email, u.password);
    const sub = claims(token).sub as string;
    const expired = await createTokenService(testConfig().jwtSecret, -60).sign({
      sub,
      role: 'user',
      premium: false,
      ver: 0,
    });
    const res = await t.request({ method: 'GET', url: '/api/User', token: expired });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('TOKEN_EXPIRED');
  });

  it('refuses a token signed with another secret', async () => {
    const u = await createUser(t);
    const sub = claims((await session(t, u.email, u.password)).token).sub as string;
    const other = await createTokenService('x'.repeat(40), 900).sign({
      sub,
      role: 'user',
      premium: false,
      ver: 0,
    });
    expect((await t.request({ method: 'GET', url: '/api/User', token: other })).statusCode).toBe(401);
  });
});
