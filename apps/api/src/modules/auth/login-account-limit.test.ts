import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser } from './auth.test-helpers';

// Sign-in attempts are limited per address (the route's limit) and per account: failures from
// clients the account has never signed in on are counted per account, so credential stuffing from
// many addresses is slowed; a device the owner signed in on before keeps its own count, so the owner
// is not locked out. Counters may live in a shared Redis: every account and address here is new.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_ACCOUNT_RATE_LIMIT_MAX: '3', AUTH_ACCOUNT_RATE_LIMIT_WINDOW: '15 minutes' },
  });
});
afterAll(() => t.close());

const octet = () => Math.floor(Math.random() * 250) + 1;
const anyAddress = () => `10.${octet()}.${octet()}.${octet()}`;
const account = () => createUser(t, { email: `owner-${randomUUID()}@example.test` });
const attempt = (email: string, password: string, opts: { from?: string; device?: string } = {}) =>
  t.request({
    method: 'POST',
    url: '/api/Auth',
    payload: { email, password },
    remoteAddress: opts.from ?? anyAddress(),
    ...(opts.device ? { cookies: { vl_device: opts.device } } : {}),
  });
const deviceOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'vl_device');

describe('sign-in limited per account', () => {
  it('slows credential stuffing from many addresses against one account, the right password included', async () => {
    const u = await account();
    for (let i = 0; i < 3; i++) {
      const res = await attempt(u.email, `guess-${i}`);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        error: 'Invalid e-mail or password',
      });
    }
    // A fourth address, with the right password this time: refused before the password is checked.
    const blocked = await attempt(u.email, u.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatchObject({ code: 'RATE_LIMITED' });
    expect(blocked.json().error.error).toMatch(/^Too many attempts\. Please try again in .+\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(deviceOf(blocked)).toBeUndefined();
    // Another account from the same addresses is not touched.
    const other = await account();
    expect((await attempt(other.email, other.password)).statusCode).toBe(200);
  });

  it('does not lock the owner out: a device it signed in on before keeps signing in, with a count of its own', async () => {
    const u = await account();
    const home = anyAddress();
    const first = await attempt(u.email, u.password, { from: home });
    expect(first.statusCode).toBe(200);
    const device = deviceOf(first);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/Auth' });
    // The account is under attack from elsewhere...
    for (let i = 0; i < 4; i++) await attempt(u.email, `stuffed-${i}`);
    expect((await attempt(u.email, u.password)).statusCode).toBe(429);
    // ...yet its owner, on the known device (any address), signs in, typos included.
    expect((await attempt(u.email, 'a typo', { device: device?.value })).statusCode).toBe(401);
    const owner = await attempt(u.email, u.password, { device: device?.value, from: anyAddress() });
    expect(owner.statusCode, owner.body).toBe(200);
    // A stolen device cookie gives no free guesses: its failures are counted too.
    for (let i = 0; i < 2; i++)
      expect((await attempt(u.email, `x-${i}`, { device: device?.value })).statusCode).toBe(401);
    expect((await attempt(u.email, u.password, { device: device?.value })).statusCode).toBe(429);
  });

  it('a device cookie of another account, or a forged one, counts as an unknown device', async () => {
    const u = await account();
    const v = await account();
    const vDevice = deviceOf(await attempt(v.email, v.password))?.value;
    expect(vDevice).toBeDefined();
    for (let i = 0; i < 3; i++) await attempt(u.email, `guess-${i}`);
    expect((await attempt(u.email, u.password, { device: vDevice })).statusCode).toBe(429);
    const forged = `${randomUUID()}.${'0'.repeat(43)}`;
    expect((await attempt(u.email, u.password, { device: forged })).statusCode).toBe(429);
  });

  it('counts an unknown e-mail like an account (its answers tell nothing about which exists)', async () => {
    const email = `nobody-${randomUUID()}@example.test`;
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await attempt(email, `guess-${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});
