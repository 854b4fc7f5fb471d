import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type Database, openPostgres } from '../../db/client';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app';
import { endUserIp, partnerRateLimit } from './partner-rate-limit';
import { makePartner } from './partners.test-helpers';

// Two instances on one database (on PostgreSQL each with its own connection pool, as two
// processes would be) and on the same Redis (the one of the machine when REDIS_URL is unset).
const env = { PARTNER_RATE_LIMIT_MAX: '5', REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
let t: TestApp;
let second: FastifyInstance;
let secondDb: Database | undefined;

beforeAll(async () => {
  t = await createTestApp({ env });
  let database = t.database;
  if (process.env.DATABASE_URL && t.database.kind === 'postgres') {
    const [row] = (await t.database.run<{ name: string }>(
      { name: 'test_current_db', text: 'select current_database() as name' },
      [],
    )) as { name: string }[];
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${row?.name}`;
    secondDb = await openPostgres(url.toString(), 4);
    database = secondDb;
  }
  second = await buildApp({ config: testConfig({ ...env, INSTANCE_NAME: 'second' }), database });
  await second.ready();
}, 60_000);

afterAll(async () => {
  await second?.close();
  await secondDb?.close();
  await t?.close();
});

const on = (app: FastifyInstance, key: string) =>
  app.inject({ method: 'GET', url: '/api/v1/key', headers: { authorization: `Bearer ${key}` } });

describe('API keys on two instances', () => {
  it('a key revoked through one instance is refused by the other on its next request', async () => {
    const p = await makePartner(t);
    expect((await on(second, p.key)).statusCode).toBe(200);
    expect((await on(t.app, p.key)).statusCode).toBe(200);
    const revoke = await t.request({ method: 'DELETE', url: `/api/partner/keys/${p.keyId}`, token: p.token });
    expect(revoke.statusCode).toBe(200);
    const refused = await on(second, p.key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('API_KEY_INVALID');
  });

  it('answers RateLimit-* headers counted per key, and 429 past the limit', async () => {
    const p = await makePartner(t);
    const q = await makePartner(t);
    const first = await on(t.app, p.key);
    expect(first.headers['ratelimit-limit']).toBe('5');
    expect(first.headers['ratelimit-remaining']).toBe('4');
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(first.headers['x-ratelimit-limit']).toBeUndefined();
    for (let i = 0; i < 4; i++) await on(t.app, p.key);
    const over = await on(t.app, p.key);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');
    expect(over.headers['retry-after']).toBeDefined();
    // Another key of another partner has its own count.
    expect((await on(t.app, q.key)).headers['ratelimit-remaining']).toBe('4');
  });

  it("shares a key's count between the instances (Redis)", async () => {
    const p = await makePartner(t);
    expect((await on(t.app, p.key)).headers['ratelimit-remaining']).toBe('4');
    expect((await on(second, p.key)).headers['ratelimit-remaining']).toBe('3');
    for (let i = 0; i < 3; i++) await on(t.app, p.key);
    expect((await on(second, p.key)).statusCode).toBe(429);
  });
});

describe('partnerRateLimit for creates', () => {
  const req = (headers: Record<string, string>, keyId = 'k1') =>
    ({ headers, partner: { partnerId: 'p', keyId, scopes: [] }, ip: '10.0.0.1' }) as never;
  const keyOf = partnerRateLimit(1, 1000, { perEndUser: true }).keyGenerator;

  it('counts per key and end user (X-End-User-IP), falling back to the key for a bad address', () => {
    expect(keyOf(req({ 'x-end-user-ip': '203.0.113.7' }))).toBe('pk:k1:u:203.0.113.7');
    expect(keyOf(req({ 'x-end-user-ip': ' 2001:DB8::1 ' }))).toBe('pk:k1:u:2001:db8::1');
    expect(keyOf(req({ 'x-end-user-ip': '203.0.113.7' }, 'k2'))).toBe('pk:k2:u:203.0.113.7');
    for (const bad of ['not an ip', '999.1.1.1', '1.2.3.4, 5.6.7.8', '']) {
      expect(keyOf(req({ 'x-end-user-ip': bad })), bad).toBe('pk:k1');
    }
    expect(keyOf(req({}))).toBe('pk:k1');
    expect(endUserIp(req({ 'x-end-user-ip': '::ffff:1.2.3.4' }))).toBe('::ffff:1.2.3.4');
    // Without the end-user option the address is ignored.
    expect(partnerRateLimit(1, 1000).keyGenerator(req({ 'x-end-user-ip': '203.0.113.7' }))).toBe('pk:k1');
  });
});
