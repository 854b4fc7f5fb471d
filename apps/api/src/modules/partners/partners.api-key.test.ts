import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerApiKeys, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makePartner, type TestPartner, withKey } from './partners.test-helpers';

// Every log line of the app, at the most verbose level: no API key may appear in any of them.
const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TestApp;
let p: TestPartner;
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'trace' }, logStream });
  p = await makePartner(t, { scopes: ['read'] });
});
afterAll(() => t.close());

const whoami = (key: string | undefined, headers: object = {}) =>
  withKey(t, key, { url: '/api/v1/key', headers });
const lastUsed = async (id: string) =>
  (await t.services.db.select().from(partnerApiKeys).where(eq(partnerApiKeys.id, id)))[0]?.lastUsedAt ?? null;

describe('API-key authentication (access partner)', () => {
  it('recognises a valid key: the route sees its partner, key and scopes', async () => {
    const res = await whoami(p.key);
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toEqual({ partnerId: p.userId, keyId: p.keyId, scopes: ['read'] });
    // No XSRF cookie for a server's call.
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a missing, malformed, unknown key or a session token with 401 API_KEY_INVALID', async () => {
    const unknown = `vl_${'A'.repeat(43)}`;
    for (const [key, headers] of [
      [undefined, {}],
      [unknown, {}],
      [p.key.slice(0, -1), {}],
      [`${p.key}x`, {}],
      [p.token, {}],
      [undefined, { authorization: `Basic ${p.key}` }],
      [undefined, { authorization: p.key }],
    ] as const) {
      const res = await whoami(key, headers);
      expect(res.statusCode, String(key)).toBe(401);
      expect(res.json().error.code).toBe('API_KEY_INVALID');
    }
  });

  it("refuses a key without the route's scope with 403 API_KEY_SCOPE", async () => {
    const q = await makePartner(t, { scopes: ['exchanges'] });
    const res = await whoami(q.key);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'API_KEY_SCOPE', params: { scope: 'read' } });
  });

  it('refuses a revoked key at once, and the key of a disabled account', async () => {
    const q = await makePartner(t);
    expect((await whoami(q.key)).statusCode).toBe(200);
    await t.request({ method: 'DELETE', url: `/api/partner/keys/${q.keyId}`, token: q.token });
    expect((await whoami(q.key)).statusCode).toBe(401);

    const r = await makePartner(t);
    await t.services.db.update(users).set({ status: -1 }).where(eq(users.id, r.userId));
    expect((await whoami(r.key)).json().error.code).toBe('API_KEY_INVALID');
  });

  it('writes last_used_at on first use, then at most once a minute', async () => {
    const q = await makePartner(t);
    expect(await lastUsed(q.keyId)).toBeNull();
    await whoami(q.key);
    const first = await lastUsed(q.keyId);
    expect(first).toBeInstanceOf(Date);
    await whoami(q.key);
    await whoami(q.key);
    expect(await lastUsed(q.keyId)).toEqual(first);
    // A minute later (moved back in the database: the next use writes it again).
    await t.services.db
      .update(partnerApiKeys)
      .set({ lastUsedAt: sql`now() - interval '2 minutes'` })
      .where(eq(partnerApiKeys.id, q.keyId));
    const old = await lastUsed(q.keyId);
    await whoami(q.key);
    const second = await lastUsed(q.keyId);
    // This instance wrote it within the minute: it spares even the statement...
    expect(second).toEqual(old);
    // ...and the list shows the partner when it was last used.
    const list = await t.request({ method: 'GET', url: '/api/partner/keys', token: q.token });
    expect(list.json().content[0].lastUsedAt).toBe(old?.toISOString());
  });

  it('never writes a key to a log line (valid, unknown, revoked, failing calls)', async () => {
    const q = await makePartner(t);
    await whoami(q.key);
    await withKey(t, q.key, { url: '/api/v1/key?token=x' });
    await withKey(t, q.key, { method: 'POST', url: '/api/v1/key' });
    await t.request({ method: 'DELETE', url: `/api/partner/keys/${q.keyId}`, token: q.token });
    await whoami(q.key);
    const logged = lines.join('');
    // The log is on (request lines were written), and neither the key nor its secret part is in it.
    expect(logged).toContain('/api/v1/key');
    for (const key of [p.key, q.key]) {
      expect(logged).not.toContain(key);
      expect(logged).not.toContain(key.slice(11));
    }
    expect(logged.toLowerCase()).not.toContain('bearer');
  });
});
