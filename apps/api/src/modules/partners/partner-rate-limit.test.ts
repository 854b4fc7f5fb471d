import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { prepareAssets } from '../exchange/exchange.test-helpers';
import { makePartner, type TestPartner } from './partners.test-helpers';

// Small limits so a burst shows them. Counters may live in a shared Redis (REDIS_URL): the keys are
// new per run and each client address is drawn at random (the partner's server address too: other
// test files send unknown keys from inject's default 127.0.0.1, counted in the same Redis), so runs
// and files never add to each other's counts.
let t: TestApp;
let p: TestPartner;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      PARTNER_CREATE_RATE_LIMIT_MAX: '2',
      PARTNER_KEY_CREATE_RATE_LIMIT_MAX: '5',
      PARTNER_KEY_FAILURE_RATE_LIMIT_MAX: '3',
    },
  });
  await prepareAssets(t);
  p = await makePartner(t);
});
afterAll(() => t.close());

const octet = () => Math.floor(Math.random() * 250) + 1;
const randomIp = () => `10.${octet()}.${octet()}.${octet()}`;
const server = randomIp();
const quote = (key: string, endUser?: string) =>
  t.app.inject({
    method: 'POST',
    remoteAddress: server,
    url: '/api/v1/quotes',
    headers: { authorization: `Bearer ${key}`, ...(endUser ? { 'x-end-user-ip': endUser } : {}) },
    payload: { from: 'BTC', to: 'ETH', amount: '0.01' },
  });

describe('the partner API create limit', () => {
  it('caps a key however many end-user addresses it sends, and still counts per end user on top', async () => {
    const codes: number[] = [];
    // A new X-End-User-IP on every call: the per-end-user count never reaches 2.
    for (let i = 0; i < 6; i++) codes.push((await quote(p.key, randomIp())).statusCode);
    expect(codes.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(codes[5]).toBe(429);
    const over = await quote(p.key, randomIp());
    expect(over.json().error).toMatchObject({ code: 'RATE_LIMITED' });
    expect(over.json().error.error).toMatch(/^Too many requests\. Please try again in .+\.$/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);

    // Another key has its own cap; one end user of it is limited at 2.
    const q = await makePartner(t);
    const user = randomIp();
    expect((await quote(q.key, user)).statusCode).toBe(201);
    expect((await quote(q.key, user)).statusCode).toBe(201);
    expect((await quote(q.key, user)).statusCode).toBe(429);
    expect((await quote(q.key, randomIp())).statusCode).toBe(201);
  });
});

describe('failed API-key checks', () => {
  const whoami = (key: string, remoteAddress: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/key',
      headers: { authorization: `Bearer ${key}` },
      remoteAddress,
    });
  const unknownKey = () =>
    `vl_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')}`;

  it('a burst of unknown keys from one address gets 429; a valid key from another address is unaffected', async () => {
    const attacker = randomIp();
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await whoami(unknownKey(), attacker)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    const refused = await whoami(unknownKey(), attacker);
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The address is slowed down whatever it sends next, a real key included.
    expect((await whoami(p.key, attacker)).statusCode).toBe(429);
    // Another address: its valid key works, and its own mistakes are counted apart.
    const partner = randomIp();
    expect((await whoami(p.key, partner)).statusCode).toBe(200);
    expect((await whoami(unknownKey(), partner)).statusCode).toBe(401);
    expect((await whoami(p.key, partner)).statusCode).toBe(200);
  });

  it('valid keys are never counted as failures', async () => {
    const address = randomIp();
    for (let i = 0; i < 6; i++) expect((await whoami(p.key, address)).statusCode).toBe(200);
  });
});
