import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('system calls', () => {
  it('answers ping in the envelope and issues the XSRF cookie', async () => {
    const res = await t.request({ method: 'GET', url: '/api/ping', xsrf: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, content: { status: 'ok' }, error: null });
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).toMatch(/^[\w-]{40,}$/);
  });

  it('lists countries with names in the four languages', async () => {
    const res = await t.request({ method: 'GET', url: '/api/countries' });
    const body = res.json();
    expect(body.content.length).toBeGreaterThan(240);
    const ch = body.content.find((c: { iso31661Alpha2Code: string }) => c.iso31661Alpha2Code === 'CH');
    expect(ch).toEqual({
      id: 756,
      iso31661Alpha2Code: 'CH',
      names: { 'en-us': 'Switzerland', 'fr-fr': 'Suisse', 'de-de': 'Schweiz', 'ru-ru': 'Швейцария' },
    });
  });

  it('gives the public settings with the default minimum of 99 USD', async () => {
    const res = await t.request({ method: 'GET', url: '/api/settings' });
    expect(res.json().content).toEqual({
      minimumTransactionAmount: '99',
      chatWidgetKey: null,
      feeRate: '0.005',
      partners: [],
      lockTtlSeconds: 60,
    });
  });

  it('refuses a state-changing call without the XSRF header', async () => {
    const res = await t.request({ method: 'POST', url: '/api/ping', xsrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, content: null, error: { status: 403, code: 'XSRF' } });
  });

  it('refuses a header that does not match the cookie', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/ping',
      xsrf: false,
      cookies: { 'XSRF-TOKEN': 'a' },
      headers: { 'x-xsrf-token': 'b' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      success: false,
      error: { status: 404, statusText: 'Not Found', code: 'ROUTE_NOT_FOUND' },
    });
  });

  it('sets security headers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/ping' });
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const page = await t.request({ method: 'GET', url: '/home' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('publishes OpenAPI JSON', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/ping']).toBeDefined();
    // The card payment calls and the gateways' webhooks are documented too.
    for (const path of ['/api/User/premium/checkout', '/api/Payment/card/checkout', '/api/webhooks/stripe'])
      expect(res.json().paths[path], path).toBeDefined();
  });
});
