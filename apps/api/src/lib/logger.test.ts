import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createUser, refreshCookie, uniqueEmail } from '../modules/auth/auth.test-helpers';
import { assetId } from '../modules/ledger/ledger.test-helpers';
import { heldWebhooks } from '../modules/payments/payments.test-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { formatLine } from './logger';

/** A test app whose JSON log lines land in `lines` (the production format; no pretty printer). */
async function appWithLog(level: string) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const t = await createTestApp({ env: { LOG_LEVEL: level }, logStream: stream });
  return { t, lines };
}

/** Every string value in a parsed log line, however deep. */
function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (v && typeof v === 'object') return Object.values(v).flatMap(strings);
  return [];
}

describe('request log (LOG_LEVEL=info)', () => {
  let t: TestApp;
  let lines: string[];
  beforeAll(async () => {
    ({ t, lines } = await appWithLog('info'));
  });
  afterAll(() => t.close());

  /** Sends one request and returns the log lines it wrote. */
  async function send(opts: Parameters<TestApp['request']>[0]) {
    const before = lines.length;
    const res = await t.request(opts);
    return { res, written: lines.slice(before).map((l) => JSON.parse(l) as Record<string, unknown>) };
  }

  it('writes exactly one line per request, with method, path, status, time and request id', async () => {
    const { res, written } = await send({ method: 'GET', url: '/api/ping' });
    expect(res.statusCode).toBe(200);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/api/ping',
      statusCode: 200,
      msg: 'request',
    });
    expect(written[0]?.reqId).toEqual(expect.any(String));
    expect(written[0]?.responseTime).toEqual(expect.any(Number));
    expect(Object.keys(written[0] ?? {}).sort()).toEqual(
      [
        'hostname',
        'level',
        'method',
        'msg',
        'pid',
        'reqId',
        'responseTime',
        'statusCode',
        'time',
        'url',
      ].sort(),
    );
  });

  it('never writes a password, card number, CVC, bearer token, refresh cookie, reset token or e-mail', async () => {
    const secrets: string[] = [];
    const all: Record<string, unknown>[] = [];
    const expectOneLine = async (opts: Parameters<TestApp['request']>[0]) => {
      const { res, written } = await send(opts);
      expect(written.filter((l) => l.reqId !== undefined)).toHaveLength(1);
      all.push(...written);
      return res;
    };

    // A password and an e-mail in a body (login), then the bearer token and refresh cookie it gives.
    const password = 'Log-Secret-Password-41';
    const { email } = await createUser(t, { password });
    secrets.push(password, email);
    const login = await expectOneLine({ method: 'POST', url: '/api/Auth', payload: { email, password } });
    expect(login.statusCode).toBe(200);
    const bearer = login.json().content.jwToken as string;
    const refresh = refreshCookie(login) ?? '';
    expect(refresh).not.toBe('');
    secrets.push(bearer, refresh);

    // A card number and CVC typed on the test gateway's hosted page (served by this process).
    heldWebhooks(t);
    const usd = await assetId(t, 'USD');
    const checkout = await t.request({
      method: 'POST',
      url: '/api/Payment/card/checkout',
      token: bearer,
      payload: { assetId: usd, amount: '12.5' },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const paid = await expectOneLine({
      method: 'POST',
      url: checkout.json().content.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        number: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '8531',
      }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    secrets.push('4242424242424242', '4242 4242 4242 4242', '4242+4242');

    // The refresh cookie, and the new one the answer sets.
    const rotated = await expectOneLine({
      method: 'POST',
      url: '/api/Auth/refresh',
      cookies: { refresh_token: refresh },
    });
    expect(rotated.statusCode).toBe(200);
    secrets.push(refreshCookie(rotated) ?? 'missing-rotated-cookie');

    // A reset link as the e-mail gives it: token and e-mail in the query string of the app's page.
    const resetToken = 'reset-token-Qm9vYmVlcA';
    const other = uniqueEmail('reset');
    secrets.push(resetToken, other);
    await expectOneLine({
      method: 'GET',
      url: `/changePassword?token=${resetToken}&email=${encodeURIComponent(other)}`,
    });
    await expectOneLine({ method: 'POST', url: '/api/User/resetPassword', payload: { email: other } });

    const text = all.map((l) => JSON.stringify(l)).join('\n');
    expect(text).toContain('"url":"/changePassword?token=[redacted]&email=[redacted]"');
    expect(text).toContain('"url":"/gateway/test/checkout/cs_test_');
    for (const s of secrets) expect(text).not.toContain(s);
    for (const s of [encodeURIComponent(other), bearer.split('.')[2] ?? bearer])
      expect(text).not.toContain(s);
    // The CVC is a short number: look for it among the logged strings (not in pids or times).
    expect(all.flatMap(strings).filter((s) => s.includes('8531'))).toEqual([]);
    for (const key of [
      'body',
      'headers',
      'cvc',
      'number',
      'cardNumber',
      'password',
      'cookie',
      'authorization',
    ]) {
      expect(text).not.toContain(`"${key}"`);
    }
  });

  it('logs a failed query without its parameters', async () => {
    const { email } = await createUser(t);
    const before = lines.length;
    const err = await t.services.db
      .insert(users)
      .values({ email, passwordHash: 'hash-Secret-9f2c', firstName: 'A', lastName: 'B', role: 'user' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(String(err)).toContain(email); // drizzle puts the parameters in the message...
    t.app.log.error({ err }, 'unhandled error');
    const text = lines.slice(before).join('\n');
    expect(text).toContain('insert into \\"users\\"'); // ...the log keeps the query...
    expect(text).toContain('params: [redacted]');
    expect(text).not.toContain(email); // ...and drops them.
    expect(text).not.toContain('hash-Secret-9f2c');
  });

  it('redacts secret keys in any other line', () => {
    const before = lines.length;
    t.app.log.warn(
      {
        password: 'pw-Secret-1',
        cardNumber: '4000000000000002',
        email: 'who@example.test',
        headers: { authorization: 'Bearer hdr-Secret-2' },
        req: { url: '/x', body: { cvc: 'cvc-Secret-4' }, headers: { cookie: 'c=cookie-Secret-3' } },
      },
      'something logged carelessly',
    );
    const text = lines.slice(before).join('\n');
    expect(text).toContain('something logged carelessly');
    for (const s of [
      'pw-Secret-1',
      '4000000000000002',
      'who@example.test',
      'hdr-Secret-2',
      'cvc-Secret-4',
      'cookie-Secret-3',
    ]) {
      expect(text).not.toContain(s);
    }
  });
});

describe('request log (LOG_LEVEL=warn)', () => {
  let t: TestApp;
  let lines: string[];
  beforeAll(async () => {
    ({ t, lines } = await appWithLog('warn'));
  });
  afterAll(() => t.close());

  it('writes nothing for requests', async () => {
    for (const url of ['/api/ping', '/api/nothing-here', '/home']) await t.request({ method: 'GET', url });
    expect(lines).toEqual([]);
  });
});

describe('development line format', () => {
  it('reads as request id, method, path, status and time; other lines keep their message', () => {
    const line = {
      reqId: 'req-7',
      method: 'POST',
      url: '/api/Auth',
      statusCode: 401,
      responseTime: 12.3,
      msg: 'x',
    };
    expect(formatLine(line, 'msg')).toBe('req-7 POST /api/Auth 401 12.3 ms');
    expect(formatLine({ reqId: 'req-8', msg: 'unhandled error' }, 'msg')).toBe('req-8 unhandled error');
    expect(formatLine({ msg: 'price refresh failed' }, 'msg')).toBe('price refresh failed');
  });
});
