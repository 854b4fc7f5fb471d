import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, uniqueEmail } from '../modules/auth/auth.test-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { createOrPromoteAdmin } from './create-admin';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const roleOf = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/User', token })).json().content.role as string;

describe('admin:create', () => {
  it('creates an administrator who can log in', async () => {
    const email = uniqueEmail('cli');
    const outcome = await createOrPromoteAdmin(t.services.db, {
      email: email.toUpperCase(),
      password: async () => 'a-strong-admin-password',
    });
    expect(outcome).toBe('created');
    const res = await login(t, email, 'a-strong-admin-password');
    expect(res.statusCode).toBe(200);
    expect(await roleOf(res.json().content.jwToken)).toBe('admin');
  });

  it('promotes an existing user without asking for or changing the password', async () => {
    const email = uniqueEmail('member');
    const signup = await t.request({
      method: 'POST',
      url: '/api/Auth/signup',
      payload: { firstName: 'A', lastName: 'B', email, birthDay: '1980-01-01', password: 'member-password' },
    });
    const token = signup.json().content.jwToken;
    expect(await roleOf(token)).toBe('user');
    const outcome = await createOrPromoteAdmin(t.services.db, {
      email,
      password: () => Promise.reject(new Error('must not ask')),
    });
    expect(outcome).toBe('promoted');
    expect(await roleOf(token)).toBe('admin');
    expect((await login(t, email, 'member-password')).statusCode).toBe(200);
    expect(await createOrPromoteAdmin(t.services.db, { email, password: async () => '' })).toBe(
      'already-admin',
    );
  });

  it('refuses a short password and an invalid e-mail', async () => {
    await expect(
      createOrPromoteAdmin(t.services.db, { email: uniqueEmail('short'), password: async () => 'short' }),
    ).rejects.toThrow('at least 12');
    await expect(
      createOrPromoteAdmin(t.services.db, { email: 'nope', password: async () => 'x' }),
    ).rejects.toThrow();
  });
});
