import { ERROR_CODES } from '@vaultline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// The envelope carries the values a message shows (`error.params`), and framework-level errors
// carry registry codes, so the client can word every error in the user's language.
let t: TestApp;
// Counters may live in a shared Redis (REDIS_URL): a fresh client address per run keeps runs apart.
const ip = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250)).join('.')}`;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '2', AUTH_RATE_LIMIT_WINDOW: '1 minute' } });
});
afterAll(() => t.close());

describe('error params in the envelope', () => {
  it('TOO_YOUNG carries the minimum age', async () => {
    const birthDay = new Date(Date.now() - 5 * 365 * 86_400_000).toISOString().slice(0, 10);
    const res = await t.request({
      method: 'POST',
      url: '/api/Auth/signup',
      payload: {
        firstName: 'A',
        lastName: 'B',
        email: 'young@example.test',
        birthDay,
        password: 'password-1',
      },
      remoteAddress: ip(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'TOO_YOUNG', params: { age: 18 } });
  });

  it('RATE_LIMITED carries the seconds to wait', async () => {
    const remoteAddress = ip();
    const attempt = () =>
      t.request({
        method: 'POST',
        url: '/api/Auth',
        payload: { email: 'nobody@example.test', password: 'wrong-password' },
        remoteAddress,
      });
    await attempt();
    await attempt();
    const res = await attempt();
    expect(res.statusCode).toBe(429);
    const { code, params } = res.json().error;
    expect(code).toBe('RATE_LIMITED');
    expect(params.seconds).toBeGreaterThan(0);
    expect(params.seconds).toBeLessThanOrEqual(60);
  });

  it('an error without values has no params', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nope' });
    expect(res.json().error.code).toBe('ROUTE_NOT_FOUND');
    expect(res.json().error).not.toHaveProperty('params');
  });
});

describe("Fastify's own errors", () => {
  it.each([
    [
      'a body too large',
      'application/json',
      JSON.stringify({ email: 'x'.repeat(70 * 1024) }),
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    ['an unsupported content type', 'application/xml', '<a/>', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['malformed JSON', 'application/json', '{"email":', 400, 'MALFORMED_JSON'],
  ])('answer %s with a registry code', async (_what, type, payload, status, code) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': type },
      payload,
      remoteAddress: ip(),
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(ERROR_CODES).toContain(code);
  });
});
