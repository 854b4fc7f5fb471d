import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = (email: string) =>
  t.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));

describe('POST /api/newsletter', () => {
  it('stores a sign-up, lower-cased, with its language', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: '  Reader@Example.COM ', language: 'fr-fr' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      content: { email: 'reader@example.com', subscribed: true },
      error: null,
    });
    const stored = await rows('reader@example.com');
    expect(stored).toHaveLength(1);
    expect(stored[0]?.language).toBe('fr-fr');
  });

  it('is idempotent: a second sign-up keeps one row and its first language', async () => {
    const again = await t.request({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: 'reader@example.com', language: 'de-de' },
    });
    expect(again.statusCode).toBe(200);
    const stored = await rows('reader@example.com');
    expect(stored).toHaveLength(1);
    expect(stored[0]?.language).toBe('fr-fr');
  });

  it('defaults the language to en-us', async () => {
    await t.request({ method: 'POST', url: '/api/newsletter', payload: { email: 'plain@example.com' } });
    expect((await rows('plain@example.com'))[0]?.language).toBe('en-us');
  });

  it.each([
    ['not an address', { email: 'nope' }],
    ['missing e-mail', {}],
    ['more than 64 characters before @', { email: `${'a'.repeat(65)}@example.com` }],
    ['more than 254 characters', { email: `a@${'b'.repeat(250)}.com` }],
    ['unsupported language', { email: 'x@example.com', language: 'es-es' }],
  ])('refuses %s with 400 and stores nothing', async (_what, payload) => {
    const res = await t.request({ method: 'POST', url: '/api/newsletter', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { status: 400 } });
    expect(await rows('x@example.com')).toHaveLength(0);
  });

  it('accepts exactly 64 characters before @', async () => {
    const email = `${'a'.repeat(64)}@example.com`;
    const res = await t.request({ method: 'POST', url: '/api/newsletter', payload: { email } });
    expect(res.statusCode).toBe(200);
  });

  it('needs the XSRF header like every state-changing call', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: 'xsrf@example.com' },
      xsrf: false,
    });
    expect(res.statusCode).toBe(403);
    expect(await rows('xsrf@example.com')).toHaveLength(0);
  });
});
