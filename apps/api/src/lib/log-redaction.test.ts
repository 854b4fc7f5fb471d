import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

// The request log as a whole (one line, no secrets) is tested in logger.test.ts.
describe('log redaction', () => {
  it('hides the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/changePassword?token=abc123&email=a%40b.co')).toBe(
      '/changePassword?token=[redacted]&email=[redacted]',
    );
    expect(redactUrl('/api/Admin/outbox?to=x@y.z&limit=5')).toBe('/api/Admin/outbox?to=[redacted]&limit=5');
    expect(redactUrl('/x?access_token=a&Refresh_Token=b')).toBe(
      '/x?access_token=[redacted]&Refresh_Token=[redacted]',
    );
    expect(redactUrl('/api/ping?x=1')).toBe('/api/ping?x=1');
    expect(redactUrl('/home')).toBe('/home');
  });
});
