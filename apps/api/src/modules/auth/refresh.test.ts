import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema';
import { hashOpaqueToken } from '../../lib/tokens';
import { createTestApp, type TestApp } from '../../test/test-app';
import { claims, createUser, refresh, refreshCookie, session } from './auth.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/Auth/refresh', () => {
  it('rotates the cookie: a new token and cookie, the old cookie refused afterwards', async () => {
    const u = await createUser(t);
    const first = await session(t, u.email, u.password);
    const res = await refresh(t, first.refresh);
    expect(res.statusCode).toBe(200);
    expect(claims(res.json().content.jwToken).sub).toBe(claims(first.token).sub);
    const second = refreshCookie(res);
    expect(second).toBeDefined();
    expect(second).not.toBe(first.refresh);
    expect(res.cookies.find((c) => c.name === 'refresh_token')).toMatchObject({
      path: '/api/Auth',
      httpOnly: true,
    });

    // The new cookie works once more.
    const third = await refresh(t, second);
    expect(third.statusCode).toBe(200);
  });

  it('revokes the whole family when a used cookie comes back', async () => {
    const u = await createUser(t);
    const { refresh: stolen } = await session(t, u.email, u.password);
    const rotated = refreshCookie(await refresh(t, stolen));

    const replay = await refresh(t, stolen);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toMatchObject({
      code: 'REFRESH_REUSED',
      error: 'Your session has ended, please log in again',
    });
    // The legitimate holder of the rotated cookie is signed out too.
    const legit = await refresh(t, rotated);
    expect(legit.statusCode).toBe(401);
    const cleared = legit.cookies.find((c) => c.name === 'refresh_token');
    expect(cleared?.value).toBe('');
  });

  it('leaves other sessions of the same user alone on reuse', async () => {
    const u = await createUser(t);
    const a = await session(t, u.email, u.password);
    const b = await session(t, u.email, u.password);
    await refresh(t, a.refresh);
    await refresh(t, a.refresh);
    expect((await refresh(t, b.refresh)).statusCode).toBe(200);
  });

  it('answers 401 without a cookie or with an unknown one', async () => {
    const none = await refresh(t, undefined);
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('REFRESH_MISSING');
    expect((await refresh(t, 'made-up-token')).statusCode).toBe(401);
  });

  it('refuses an expired refresh token', async () => {
    const u = await createUser(t);
    const s = await session(t, u.email, u.password);
    await t.services.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(s.refresh ?? '')));
    expect((await refresh(t, s.refresh)).statusCode).toBe(401);
  });

  it('answers 403 for a disabled account', async () => {
    const u = await createUser(t);
    const s = await session(t, u.email, u.password);
    await t.services.db.update(users).set({ status: -1 }).where(eq(users.email, u.email));
    const res = await refresh(t, s.refresh);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ACCOUNT_DISABLED');
  });

  it('carries fresh role and premium claims', async () => {
    const u = await createUser(t);
    const s = await session(t, u.email, u.password);
    expect(claims(s.token).premium).toBe(false);
    await t.services.db
      .update(users)
      .set({ premiumUntil: new Date(Date.now() + 86_400_000), role: 'admin' })
      .where(eq(users.email, u.email));
    const c = claims((await refresh(t, s.refresh)).json().content.jwToken);
    expect(c.premium).toBe(true);
    expect(c['http://schemas.microsoft.com/ws/2008/06/identity/claims/role']).toBe('admin');
  });

  it('needs the XSRF header like every state-changing call', async () => {
    const u = await createUser(t);
    const s = await session(t, u.email, u.password);
    const res = await t.request({
      method: 'POST',
      url: '/api/Auth/refresh',
      xsrf: false,
      cookies: { refresh_token: s.refresh ?? '' },
    });
    expect(res.statusCode).toBe(403);
    // The refused call did not use up the cookie.
    expect((await refresh(t, s.refresh)).statusCode).toBe(200);
  });
});

describe('POST /api/Auth/logout', () => {
  it('revokes the refresh cookie, clears it and answers null', async () => {
    const u = await createUser(t);
    const s = await session(t, u.email, u.password);
    const res = await t.request({
      method: 'POST',
      url: '/api/Auth/logout',
      token: s.token,
      cookies: { refresh_token: s.refresh ?? '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, content: null, error: null });
    const cleared = res.cookies.find((c) => c.name === 'refresh_token');
    expect(cleared).toMatchObject({ value: '', path: '/api/Auth' });
    expect((await refresh(t, s.refresh)).statusCode).toBe(401);
  });

  it('works without a token or cookie', async () => {
    const res = await t.request({ method: 'POST', url: '/api/Auth/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toBeNull();
  });

  it('works with an expired or invalid bearer token', async () => {
    const res = await t.request({ method: 'POST', url: '/api/Auth/logout', token: 'not.a.jwt' });
    expect(res.statusCode).toBe(200);
  });
});
