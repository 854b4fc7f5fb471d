import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, session } from '../auth/auth.test-helpers';

let t: TestApp;
let token: string;
let email: string;
beforeAll(async () => {
  t = await createTestApp();
  const u = await createUser(t);
  email = u.email;
  token = (await session(t, u.email, u.password)).token;
});
afterAll(() => t.close());

describe('GET /api/User', () => {
  it("gives the signed-in user's profile without private columns", async () => {
    const res = await t.request({ method: 'GET', url: '/api/User', token });
    expect(res.statusCode).toBe(200);
    const me = res.json().content;
    expect(me).toMatchObject({
      email,
      firstName: 'Test',
      lastName: 'User',
      phoneNumber: null,
      status: 1,
      role: 'user',
      premium: false,
      premiumUntil: null,
      preferedLanguage: 'en-us',
      preferedCurrency: 'USD',
    });
    expect(new Date(me.creationDate).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(res.body).not.toMatch(/passwordHash|password_hash|tokenVersion|argon2/);
  });

  it('shows premium while premiumUntil is in the future', async () => {
    const u = await createUser(t);
    const until = new Date(Date.now() + 86_400_000);
    await t.services.db.update(users).set({ premiumUntil: until }).where(eq(users.email, u.email));
    const s = await session(t, u.email, u.password);
    const me = (await t.request({ method: 'GET', url: '/api/User', token: s.token })).json().content;
    expect(me).toMatchObject({ premium: true, premiumUntil: until.toISOString() });
  });

  it('answers 401 without a token and with a malformed header', async () => {
    const none = await t.request({ method: 'GET', url: '/api/User' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({
      success: false,
      content: null,
      error: { status: 401, code: 'UNAUTHORIZED' },
    });
    const bad = await t.request({ method: 'GET', url: '/api/User', headers: { authorization: 'Basic abc' } });
    expect(bad.statusCode).toBe(401);
  });
});

describe('POST /api/User/language and /api/User/currency', () => {
  it('stores the language and returns the user', async () => {
    const res = await t.request({ method: 'POST', url: '/api/User/language?lang=fr-fr', token });
    expect(res.statusCode).toBe(200);
    expect(res.json().content.preferedLanguage).toBe('fr-fr');
    const me = await t.request({ method: 'GET', url: '/api/User', token });
    expect(me.json().content.preferedLanguage).toBe('fr-fr');
  });

  it('stores the currency and returns the user', async () => {
    const res = await t.request({ method: 'POST', url: '/api/User/currency?currency=CHF', token });
    expect(res.statusCode).toBe(200);
    expect(res.json().content.preferedCurrency).toBe('CHF');
    const me = await t.request({ method: 'GET', url: '/api/User', token });
    expect(me.json().content.preferedCurrency).toBe('CHF');
  });

  it.each([
    ['/api/User/language?lang=es-es', 'Unsupported language'],
    ['/api/User/language', 'lang'],
    ['/api/User/currency?currency=BTC', 'Unsupported currency'],
    ['/api/User/currency?currency=usd', 'Unsupported currency'],
    ['/api/User/currency', 'currency'],
  ])('answers 400 in the envelope for %s', async (url, text) => {
    const res = await t.request({ method: 'POST', url, token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      content: null,
      error: { status: 400, code: 'VALIDATION' },
    });
    expect(res.json().error.error).toContain(text);
  });

  it('answers 401 when not signed in', async () => {
    expect((await t.request({ method: 'POST', url: '/api/User/language?lang=de-de' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/User/currency?currency=EUR' })).statusCode).toBe(
      401,
    );
  });

  it('needs the XSRF header', async () => {
    const res = await t.request({ method: 'POST', url: '/api/User/language?lang=de-de', token, xsrf: false });
    expect(res.statusCode).toBe(403);
  });
});
