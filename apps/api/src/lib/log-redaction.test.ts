import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { redactUrl } from './log-redaction';

describe('log redaction', () => {
  it('hides the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/changePassword?token=abc123&email=a%40b.co')).toBe(
      '/changePassword?token=[redacted]&email=[redacted]',
    );
    expect(redactUrl('/api/Admin/outbox?to=x@y.z&limit=5')).toBe('/api/Admin/outbox?to=[redacted]&limit=5');
    expect(redactUrl('/api/ping?x=1')).toBe('/api/ping?x=1');
    expect(redactUrl('/home')).toBe('/home');
  });

  describe('in the request log of the running app', () => {
    let t: TestApp;
    const lines: string[] = [];
    beforeAll(async () => {
      const stream = new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      });
      t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: stream });
    });
    afterAll(() => t.close());

    it('never writes a reset token, an e-mail, a bearer token or a cookie', async () => {
      await t.request({
        method: 'GET',
        url: '/changePassword?token=SECRET-RESET-TOKEN&email=someone%40example.com',
        token: 'SECRET-BEARER',
        cookies: { refresh_token: 'SECRET-COOKIE' },
      });
      const log = lines.join('');
      expect(log).toContain('/changePassword?token=[redacted]');
      for (const secret of ['SECRET-RESET-TOKEN', 'someone', 'SECRET-BEARER', 'SECRET-COOKIE']) {
        expect(log).not.toContain(secret);
      }
    });
  });
});
