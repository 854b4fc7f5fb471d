import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, login, session, uniqueEmail } from '../auth/auth.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A fresh signed-in user: a test never sees another one's changes. */
async function signedIn() {
  const u = await createUser(t);
  return { ...u, token: (await session(t, u.email, u.password)).token };
}

const post = (url: string, token: string, payload: unknown) =>
  t.request({ method: 'POST', url, token, payload: payload as Record<string, unknown> });

describe('POST /api/User/update', () => {
  it('changes only the fields sent and answers the user', async () => {
    const u = await signedIn();
    const res = await post('/api/User/update', u.token, {
      firstName: '  Zoé ',
      phoneNumber: '+41 79 123 45 67',
      birthDay: '1985-03-02',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toMatchObject({
      firstName: 'Zoé',
      lastName: 'User',
      phoneNumber: '+41 79 123 45 67',
      birthDay: '1985-03-02',
      email: u.email,
    });
    const me = (await t.request({ method: 'GET', url: '/api/User', token: u.token })).json().content;
    expect(me).toMatchObject({ firstName: 'Zoé', lastName: 'User', birthDay: '1985-03-02' });
  });

  it('clears the phone with an empty string', async () => {
    const u = await signedIn();
    await post('/api/User/update', u.token, { phoneNumber: '+33 6 12 34 56 78' });
    const res = await post('/api/User/update', u.token, { phoneNumber: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().content.phoneNumber).toBeNull();
  });

  it.each([
    [{}, 'firstName'],
    [{ firstName: '   ' }, 'firstName'],
    [{ lastName: 'x'.repeat(101) }, 'lastName'],
    [{ phoneNumber: 'call me' }, 'phoneNumber'],
    [{ phoneNumber: '+41 12' }, 'phoneNumber'],
    [{ email: 'not-an-email' }, 'email'],
    [{ birthDay: '1990-02-30' }, 'birthDay'],
  ])('refuses %j with a field error (400 VALIDATION)', async (payload, field) => {
    const u = await signedIn();
    const res = await post('/api/User/update', u.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });

  it.each([
    ['2999-01-01', 'BIRTHDAY_IN_FUTURE'],
    ['1850-01-01', 'BIRTHDAY_INVALID'],
    [new Date().toISOString().slice(0, 10), 'TOO_YOUNG'],
  ])('refuses the birthday %s (%s)', async (birthDay, code) => {
    const u = await signedIn();
    const res = await post('/api/User/update', u.token, { birthDay });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code, fields: { birthDay: expect.any(String) } });
  });

  it('changes the e-mail only with the current password, and then logs in with it', async () => {
    const u = await signedIn();
    const next = uniqueEmail('moved');
    const none = await post('/api/User/update', u.token, { email: next });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({
      code: 'CURRENT_PASSWORD_REQUIRED',
      fields: { currentPassword: expect.any(String) },
    });
    const wrong = await post('/api/User/update', u.token, { email: next, currentPassword: 'not-it-at-all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('WRONG_PASSWORD');

    const res = await post('/api/User/update', u.token, {
      email: next.toUpperCase(),
      currentPassword: u.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().content.email).toBe(next);
    expect((await login(t, next, u.password)).statusCode).toBe(200);
    expect((await login(t, u.email, u.password)).statusCode).toBe(401);
    // The old address hears about it.
    const mails = await t.services.mail.outbox({ to: u.email, limit: 1 });
    expect(mails[0]?.subject).toMatch(/e-mail address was changed/);
  });

  it("refuses another account's e-mail (409 EMAIL_TAKEN) and changes nothing", async () => {
    const u = await signedIn();
    const other = await createUser(t);
    const res = await post('/api/User/update', u.token, {
      email: other.email,
      firstName: 'Changed',
      currentPassword: u.password,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('EMAIL_TAKEN');
    const me = (await t.request({ method: 'GET', url: '/api/User', token: u.token })).json().content;
    expect(me).toMatchObject({ email: u.email, firstName: 'Test' });
  });

  it('keeps the same e-mail without asking for the password', async () => {
    const u = await signedIn();
    const res = await post('/api/User/update', u.token, { email: u.email, lastName: 'Same' });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toMatchObject({ email: u.email, lastName: 'Same' });
  });

  it('needs a session and the XSRF header', async () => {
    expect(
      (await t.request({ method: 'POST', url: '/api/User/update', payload: { firstName: 'X' } })).statusCode,
    ).toBe(401);
    const u = await signedIn();
    const res = await t.request({
      method: 'POST',
      url: '/api/User/update',
      token: u.token,
      payload: { firstName: 'X' },
      xsrf: false,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET/POST /api/User/address', () => {
  it('is null at first, then holds what was saved with the country', async () => {
    const u = await signedIn();
    const empty = await t.request({ method: 'GET', url: '/api/User/address', token: u.token });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().content).toBeNull();

    const ch = (await t.services.system.countries()).find((c) => c.iso31661Alpha2Code === 'CH');
    if (!ch) throw new Error('CH missing from the countries');
    const saved = await post('/api/User/address', u.token, {
      street: 'Bahnhofstrasse 1',
      city: 'Zürich',
      postalCode: '8001',
      countryId: ch.id,
    });
    expect(saved.statusCode).toBe(200);
    const expected = {
      street: 'Bahnhofstrasse 1',
      city: 'Zürich',
      postalCode: '8001',
      country: { id: ch.id, iso31661Alpha2Code: 'CH' },
    };
    expect(saved.json().content).toEqual(expected);
    const again = await t.request({ method: 'GET', url: '/api/User/address', token: u.token });
    expect(again.json().content).toEqual(expected);

    // A second save replaces the first.
    const moved = await post('/api/User/address', u.token, { ...expected, city: 'Bern', countryId: ch.id });
    expect(moved.json().content.city).toBe('Bern');
  });

  it.each([
    [{ street: '', city: 'Paris', postalCode: '75001', countryId: 250 }, 'street', 'VALIDATION'],
    [{ street: 'Rue 1', city: 'Paris', postalCode: '75<001>', countryId: 250 }, 'postalCode', 'VALIDATION'],
    [{ street: 'Rue 1', city: 'Paris', postalCode: '75001' }, 'countryId', 'VALIDATION'],
    [
      { street: 'Rue 1', city: 'Paris', postalCode: '75001', countryId: 999999 },
      'countryId',
      'COUNTRY_NOT_FOUND',
    ],
  ])('refuses %j', async (payload, field, code) => {
    const u = await signedIn();
    const res = await post('/api/User/address', u.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
    expect(Object.keys(res.json().error.fields)).toContain(field);
    expect(
      (await t.request({ method: 'GET', url: '/api/User/address', token: u.token })).json().content,
    ).toBeNull();
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/User/address' })).statusCode).toBe(401);
  });
});

describe('GET/POST /api/User/iban', () => {
  it('stores a valid IBAN in electronic format, not processed (-1)', async () => {
    const u = await signedIn();
    expect(
      (await t.request({ method: 'GET', url: '/api/User/iban', token: u.token })).json().content,
    ).toBeNull();
    const res = await post('/api/User/iban', u.token, { iban: 'ch93 0076 2011 6238 5295 7' });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toMatchObject({ iban: 'CH9300762011623852957', status: -1 });
    const got = await t.request({ method: 'GET', url: '/api/User/iban', token: u.token });
    expect(got.json().content).toMatchObject({ iban: 'CH9300762011623852957', status: -1 });
  });

  it.each([
    ['CH93 0076 2011 6238 5295 8', 'IBAN_CHECKSUM'],
    ['DE89 3704 0044 0532 0130 01', 'IBAN_CHECKSUM'],
    ['XX89 3704 0044 0532 0130 00', 'IBAN_COUNTRY'],
    ['DE89 3704 0044 0532 0130', 'IBAN_LENGTH'],
    ['DE89-3704-0044-0532-0130-00', 'IBAN_CHARACTERS'],
  ])('refuses %s (%s) with the Iban field error and stores nothing', async (iban, code) => {
    const u = await signedIn();
    const res = await post('/api/User/iban', u.token, { iban });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code, fields: { iban: expect.any(String) } });
    expect(
      (await t.request({ method: 'GET', url: '/api/User/iban', token: u.token })).json().content,
    ).toBeNull();
  });

  it('sends a new IBAN back to review; the same one keeps its status', async () => {
    const u = await signedIn();
    const first = (await post('/api/User/iban', u.token, { iban: 'DE89370400440532013000' })).json().content;
    // An admin approves it (the back office's call; here straight in the table).
    await t.services.db.update(bankAccounts).set({ status: 1 }).where(eq(bankAccounts.id, first.id));
    const same = await post('/api/User/iban', u.token, { iban: 'DE89 3704 0044 0532 0130 00' });
    expect(same.json().content).toMatchObject({ id: first.id, status: 1 });
    const changed = await post('/api/User/iban', u.token, { iban: 'GB82 WEST 1234 5698 7654 32' });
    expect(changed.json().content).toMatchObject({
      id: first.id,
      iban: 'GB82WEST12345698765432',
      status: -1,
    });
  });

  it('refuses an empty body field (400 VALIDATION)', async () => {
    const u = await signedIn();
    const res = await post('/api/User/iban', u.token, { iban: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.iban).toBe('IBAN is required');
  });
});
