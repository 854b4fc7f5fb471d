import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Assets, prepareAssets, validCreate } from '../modules/exchange/exchange.test-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let a: Assets;
beforeAll(async () => {
  t = await createTestApp();
  a = await prepareAssets(t);
});
afterAll(() => t.close());

// The embeddable widget runs in a partner's page, where our SameSite=Strict XSRF cookie never
// arrives (decision 0036).
describe('XSRF and the guest exchange calls of the embeddable widget', () => {
  it('lets a guest create an exchange with no XSRF cookie or header (no credential to forge)', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/PublicExchange/createExchange',
      payload: validCreate(a),
      xsrf: false,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('still checks a call that carries a bearer token, and every other state change', async () => {
    const withToken = await t.request({
      method: 'POST',
      url: '/api/PublicExchange/createExchange',
      payload: validCreate(a),
      headers: { authorization: 'Bearer whatever' },
      xsrf: false,
    });
    expect(withToken.statusCode).toBe(403);
    expect(withToken.json().error.code).toBe('XSRF');
    const login = await t.request({
      method: 'POST',
      url: '/api/Auth',
      payload: { email: 'x@example.com', password: 'whatever-password' },
      xsrf: false,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.code).toBe('XSRF');
  });
});
