import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser } from './auth.test-helpers';

let t: TestApp;
// Counters may live in a shared Redis (REDIS_URL): a fresh client address per run keeps runs apart.
const ip = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW: '1 minute' } });
});
afterAll(() => t.close());

describe('rate limits on the credential and sign-up calls', () => {
  it('answers 429 in the envelope after too many logins', async () => {
    const u = await createUser(t);
    const remoteAddress = ip();
    const attempt = (password: string) =>
      t.request({ method: 'POST', url: '/api/Auth', payload: { email: u.email, password }, remoteAddress });
    for (let i = 0; i < 3; i++) expect((await attempt('wrong-password')).statusCode).toBe(401);
    const res = await attempt(u.password);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      success: false,
      content: null,
      error: { status: 429, statusText: 'Too Many Requests', code: 'RATE_LIMITED' },
    });
    expect(res.json().error.error).toMatch(/^Too many attempts\. Please try again in .+\.$/);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it.each([
    ['/api/Auth/signup', {}],
    ['/api/Auth/refresh', undefined],
    ['/api/User/resetPassword', { email: 'a@example.test' }],
    ['/api/User/changePassword', {}],
    ['/api/newsletter', { email: 'reader@example.test', language: 'en-us' }],
  ])('limits %s too', async (url, payload) => {
    const codes: number[] = [];
    const remoteAddress = ip();
    for (let i = 0; i < 4; i++) {
      codes.push(
        (await t.request({ method: 'POST', url, remoteAddress, ...(payload ? { payload } : {}) })).statusCode,
      );
    }
    expect(codes.slice(0, 3)).not.toContain(429);
    expect(codes[3]).toBe(429);
  });

  it('does not limit logout', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await t.request({ method: 'POST', url: '/api/Auth/logout' })).statusCode).toBe(200);
    }
  });
});
