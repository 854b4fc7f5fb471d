import { ROLE_CLAIM } from '@vaultline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  claims,
  createUser,
  lastMailTo,
  login,
  refreshCookie,
  session,
  uniqueEmail,
} from './auth.test-helpers';
import { assertSignupAge } from './birthday';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t, { role: 'admin' });
  adminToken = (await session(t, a.email, a.password)).token;
});
afterAll(() => t.close());

const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const signup = (payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/Auth/signup', payload });
const valid = () => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email: uniqueEmail('signup'),
  birthDay: '1990-05-17',
  password: 'a-long-password',
});

describe('POST /api/Auth/signup', () => {
  it('creates the account, signs in, sets the refresh cookie and e-mails a welcome', async () => {
    const p = valid();
    const res = await signup(p);
    expect(res.statusCode).toBe(200);
    const c = claims(res.json().content.jwToken);
    expect(c[ROLE_CLAIM]).toBe('user');
    expect(c.premium).toBe(false);
    expect(refreshCookie(res)).toBeDefined();

    const me = await t.request({ method: 'GET', url: '/api/User', token: res.json().content.jwToken });
    expect(me.json().content).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: p.email,
      birthDay: '1990-05-17',
      status: 1,
      role: 'user',
      premium: false,
      preferedLanguage: 'en-us',
      preferedCurrency: 'USD',
    });
    expect((await login(t, p.email, p.password)).statusCode).toBe(200);

    const mail = await lastMailTo(t, adminToken, p.email);
    expect(mail?.subject).toBe('Welcome to Vaultline');
    expect(mail?.body).toContain('Hello Grace');
  });

  it('stores the e-mail lower-cased and refuses the same address in another case with 409', async () => {
    const p = valid();
    expect((await signup({ ...p, email: p.email.toUpperCase() })).statusCode).toBe(200);
    const again = await signup({ ...p, firstName: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'EMAIL_TAKEN',
      error: 'An account with this e-mail address already exists. Please log in.',
    });
  });

  it('accepts someone who turns 18 today and refuses someone who turns 18 tomorrow', async () => {
    expect((await signup({ ...valid(), birthDay: yearsAgo(18) })).statusCode).toBe(200);
    const res = await signup({ ...valid(), birthDay: yearsAgo(18, 1) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'TOO_YOUNG',
      error: 'You must be at least 18 years old to sign up',
      fields: { birthDay: 'You must be at least 18 years old to sign up' },
    });
  });

  it('refuses a birthday in the future', async () => {
    const res = await signup({ ...valid(), birthDay: yearsAgo(-1) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'BIRTHDAY_IN_FUTURE',
      error: 'Your birthday cannot be in the future',
    });
  });

  it.each([
    ['a missing first name', { firstName: undefined }, 'firstName'],
    ['a blank last name', { lastName: '   ' }, 'lastName'],
    ['an invalid e-mail', { email: 'nope' }, 'email'],
    ['a non-date birthday', { birthDay: '17/05/1990' }, 'birthDay'],
    ['an impossible date', { birthDay: '1990-02-30' }, 'birthDay'],
    ['a short password', { password: 'short' }, 'password'],
    ['a numeric password', { password: 123456789 }, 'password'],
  ])('answers 400 naming the field for %s', async (_what, change, field) => {
    const res = await signup({ ...valid(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      content: null,
      error: { status: 400, code: 'VALIDATION' },
    });
    expect(res.json().error.fields).toHaveProperty(field);
  });

  it('answers 400 for a malformed JSON body', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/Auth/signup',
      payload: '{"firstName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('MALFORMED_JSON');
  });
});

describe('signup age rule', () => {
  const now = new Date('2025-03-01T12:00:00Z');
  it('lets someone born on 29 February come of age on 1 March of a non-leap year', () => {
    expect(() => assertSignupAge('2007-02-28', now)).not.toThrow();
    expect(() => assertSignupAge('2007-03-01', now)).not.toThrow();
    expect(() => assertSignupAge('2007-03-02', now)).toThrow('at least 18');
  });
  it('refuses dates before 1900', () => {
    expect(() => assertSignupAge('1899-12-31', now)).toThrow('real birthday');
  });
});
