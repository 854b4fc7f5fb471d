import { CONTACT_LIMITS } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, session } from '../auth/auth.test-helpers';
import { makeUser } from '../ledger/ledger.test-helpers';

let t: TestApp;
let adminToken: string;
let userToken: string;
let userId: string;
beforeAll(async () => {
  t = await createTestApp({ env: { CONTACT_EMAIL: 'support@vaultline.example' } });
  const admin = await createUser(t, { role: 'admin' });
  adminToken = (await session(t, admin.email, admin.password)).token;
  const user = await createUser(t);
  const s = await session(t, user.email, user.password);
  userToken = s.token;
  const me = await t.request({ method: 'GET', url: '/api/User', token: userToken });
  userId = me.json().content.id;
});
afterAll(() => t.close());

const valid = {
  fullName: '  Ada Lovelace ',
  email: 'Ada@Example.COM',
  phone: '+41 79 123 45 67',
  message: 'Hello, how long does a deposit take to be approved?',
  language: 'fr-fr',
};
const send = (payload: unknown, token?: string) =>
  t.request({ method: 'POST', url: '/api/Contact', payload: payload as object, ...(token ? { token } : {}) });
const rowsFrom = (email: string) =>
  t.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));

describe('GET /api/Contact', () => {
  it("gives the operator's contact address", async () => {
    const res = await t.request({ method: 'GET', url: '/api/Contact' });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toEqual({ email: 'support@vaultline.example' });
  });
});

describe('POST /api/Contact', () => {
  it('stores a message, trimmed and lower-cased, with its language', async () => {
    const res = await send(valid);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, content: { received: true }, error: null });
    const rows = await rowsFrom('ada@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: body.content.id,
      fullName: 'Ada Lovelace',
      phone: '+41 79 123 45 67',
      message: valid.message,
      language: 'fr-fr',
      userId: null,
    });
  });

  it('keeps no phone when none is given, and defaults the language', async () => {
    const res = await send({ fullName: 'No Phone', email: 'nophone@example.com', message: valid.message });
    expect(res.statusCode).toBe(200);
    const [row] = await rowsFrom('nophone@example.com');
    expect(row?.phone).toBeNull();
    expect(row?.language).toBe('en-us');
    expect((await send({ ...valid, email: 'empty-phone@example.com', phone: '  ' })).statusCode).toBe(200);
    expect((await rowsFrom('empty-phone@example.com'))[0]?.phone).toBeNull();
  });

  it("records a signed-in sender's account", async () => {
    const res = await send({ ...valid, email: 'signed-in@example.com' }, userToken);
    expect(res.statusCode).toBe(200);
    expect((await rowsFrom('signed-in@example.com'))[0]?.userId).toBe(userId);
  });

  it.each([
    ['a missing full name', { fullName: undefined }, 'fullName', 'Full name is required'],
    ['a missing message', { message: undefined }, 'message', 'Message is required'],
    ['a blank full name', { fullName: '   ' }, 'fullName', 'Full name is required'],
    [
      'a full name over the limit',
      { fullName: 'x'.repeat(CONTACT_LIMITS.fullNameMax + 1) },
      'fullName',
      'Full name must be at most 100 characters',
    ],
    [
      'a control character in the name',
      { fullName: 'Ada\u0000' },
      'fullName',
      'Must not contain control characters',
    ],
    ['a bad e-mail', { email: 'not-an-address' }, 'email', 'Invalid e-mail address'],
    ['an e-mail over 254 characters', { email: `a@${'b'.repeat(250)}.com` }, 'email', 'E-mail is too long'],
    ['letters in the phone', { phone: 'call me maybe' }, 'phone', 'Phone number is not valid'],
    ['too few digits in the phone', { phone: '+41 12' }, 'phone', 'Phone number is not valid'],
    [
      'a phone over the limit',
      { phone: '1'.repeat(CONTACT_LIMITS.phoneMax + 1) },
      'phone',
      'Phone number is not valid',
    ],
    ['a short message', { message: 'Hi there' }, 'message', 'Message must be at least 10 characters'],
    [
      'a message over the limit',
      { message: 'x'.repeat(CONTACT_LIMITS.messageMax + 1) },
      'message',
      'Message must be at most 5000 characters',
    ],
    [
      'a NUL in the message',
      { message: 'Hello there\u0000!' },
      'message',
      'Must not contain control characters',
    ],
    ['an unsupported language', { language: 'es-es' }, 'language', 'Unsupported language'],
  ])('refuses %s with 400 on that field and stores nothing', async (_what, change, field, message) => {
    const email = `refused-${field}@example.com`;
    const res = await send({ ...valid, email, ...change });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, content: null, error: { status: 400, code: 'VALIDATION' } });
    expect(body.error.fields[field]).toBe(message);
    expect(await rowsFrom(email)).toHaveLength(0);
  });

  it('accepts exactly the limits', async () => {
    const res = await send({
      fullName: 'x'.repeat(CONTACT_LIMITS.fullNameMax),
      email: 'limits@example.com',
      phone: '1'.repeat(CONTACT_LIMITS.phoneMax),
      message: 'y'.repeat(CONTACT_LIMITS.messageMax),
    });
    expect(res.statusCode).toBe(200);
    const [row] = await rowsFrom('limits@example.com');
    expect(row?.message).toHaveLength(CONTACT_LIMITS.messageMax);
  });

  it('keeps line breaks in a message', async () => {
    const message = 'First line\nSecond line\r\n\tindented';
    expect((await send({ ...valid, email: 'lines@example.com', message })).statusCode).toBe(200);
    expect((await rowsFrom('lines@example.com'))[0]?.message).toBe(message);
  });

  it('needs the XSRF header', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/Contact',
      payload: { ...valid, email: 'xsrf@example.com' },
      xsrf: false,
    });
    expect(res.statusCode).toBe(403);
    expect(await rowsFrom('xsrf@example.com')).toHaveLength(0);
  });
});

describe('GET /api/Admin/contactMessages', () => {
  const list = (query: string, token?: string) =>
    t.request({ method: 'GET', url: `/api/Admin/contactMessages${query}`, ...(token ? { token } : {}) });

  it('refuses visitors (401) and users (403)', async () => {
    const anonymous = await list('');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHORIZED');
    const user = await list('', userToken);
    expect(user.statusCode).toBe(403);
    expect(user.json().error.code).toBe('FORBIDDEN');
  });

  it('pages through every message, newest first, 10 a page by default', async () => {
    for (let i = 0; i < 12; i++) {
      expect((await send({ ...valid, email: `page-${i}@example.com` })).statusCode).toBe(200);
    }
    const first = await list('', adminToken);
    expect(first.statusCode).toBe(200);
    const page1 = first.json().content;
    const total = (await t.database.db.select({ id: contactMessages.id }).from(contactMessages)).length;
    expect(page1).toMatchObject({ page: 1, pageSize: 10, total });
    expect(page1.items).toHaveLength(10);
    expect(page1.items[0]).toMatchObject({ fullName: 'Ada Lovelace' });

    // Every message once across the pages, newest first: by time stored, then by id for messages
    // stored in the same instant (the embedded database's clock ticks in milliseconds).
    type Row = { id: string; email: string; createdAt: string };
    const seen: Row[] = [];
    for (let page = 1; page <= Math.ceil(total / 5); page++) {
      const res = await list(`?page=${page}&pageSize=5`, adminToken);
      seen.push(...res.json().content.items);
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((m) => m.id)).size).toBe(total);
    const keys = seen.map((m) => `${m.createdAt} ${m.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    // Sent one after another, so stored in that order: no later message has an earlier time.
    const times = Array.from(
      { length: 12 },
      (_, i) => seen.find((m) => m.email === `page-${i}@example.com`)?.createdAt,
    );
    expect(times.every(Boolean)).toBe(true);
    expect(times).toEqual([...times].sort());
    const past = await list(`?page=${Math.ceil(total / 5) + 1}&pageSize=5`, adminToken);
    expect(past.json().content).toMatchObject({ items: [], total });
  });

  it.each([['?page=0'], ['?pageSize=0'], ['?pageSize=51'], ['?page=abc']])(
    'refuses a bad page query %s with 400',
    async (query) => {
      const res = await list(query, adminToken);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    },
  );
});

describe('rate limit on POST /api/Contact', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW: '1 minute' } });
  });
  afterAll(() => limited.close());
  // Counters may live in a shared Redis (REDIS_URL): a fresh client address per run keeps runs apart.
  const ip = () =>
    `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const post = (remoteAddress: string, token?: string) =>
    limited.request({
      method: 'POST',
      url: '/api/Contact',
      payload: { ...valid, email: 'limited@example.com' },
      remoteAddress,
      ...(token ? { token } : {}),
    });

  it('answers 429 after too many messages from one address, and stores no more', async () => {
    const address = ip();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await post(address)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const res = await post(address);
    expect(res.json()).toMatchObject({ success: false, error: { status: 429, code: 'RATE_LIMITED' } });
    expect(res.json().error.params.seconds).toBeGreaterThan(0);
    const stored = await limited.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'limited@example.com'));
    expect(stored).toHaveLength(3);
    // Another address is not affected.
    expect((await post(ip())).statusCode).toBe(200);
  });

  it('counts a signed-in sender by account, not by the shared address', async () => {
    // A token made directly: a login here would count against the login limit of the shared address,
    // which other test files also use when the counters live in a shared Redis.
    const { token } = await makeUser(limited);
    const address = ip();
    for (let i = 0; i < 3; i++) expect((await post(address)).statusCode).toBe(200);
    expect((await post(address)).statusCode).toBe(429);
    expect((await post(address, token)).statusCode).toBe(200);
  });
});
