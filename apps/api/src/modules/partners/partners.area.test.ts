import { randomUUID } from 'node:crypto';
import { PARTNER_LIMITS } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerApiKeys } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeUser } from '../ledger/ledger.test-helpers';
import { makePartner, type TestPartner, withKey } from './partners.test-helpers';

let t: TestApp;
let p: TestPartner;
beforeAll(async () => {
  t = await createTestApp();
  p = await makePartner(t, { maxCommission: '0.02', commission: '0.005' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.request({ method, url: `/api${url}`, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });

describe('the partner area', () => {
  it('is refused to a guest (401) and to a user who is not a partner (403 NOT_PARTNER)', async () => {
    const user = await makeUser(t);
    const calls: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', '/partner'],
      ['PUT', '/partner/commission', { commission: '0.01' }],
      ['POST', '/partner/keys', { name: 'k', scopes: ['read'] }],
      ['GET', '/partner/keys'],
      ['DELETE', `/partner/keys/${p.keyId}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      const res = await call(method, url, user.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code).toBe('NOT_PARTNER');
    }
    // Not even the key it tried to revoke was touched.
    expect((await call('GET', '/partner/keys', p.token)).json().content[0].revokedAt).toBeNull();
  });

  it('shows the partner its own account', async () => {
    const res = await call('GET', '/partner', p.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toMatchObject({
      userId: p.userId,
      maxCommission: '0.02',
      commission: '0.005',
    });
  });

  it('sets the commission from 0 to the maximum, and refuses above it or a bad value', async () => {
    expect(
      (await call('PUT', '/partner/commission', p.token, { commission: '0.02' })).json().content.commission,
    ).toBe('0.02');
    expect(
      (await call('PUT', '/partner/commission', p.token, { commission: '0' })).json().content.commission,
    ).toBe('0');
    const above = await call('PUT', '/partner/commission', p.token, { commission: '0.021' });
    expect(above.statusCode).toBe(422);
    expect(above.json().error).toMatchObject({ code: 'COMMISSION_ABOVE_MAX', params: { max: '0.02' } });
    for (const commission of ['abc', '-0.01', '0.06', '', 0.01]) {
      expect(
        (await call('PUT', '/partner/commission', p.token, { commission })).statusCode,
        String(commission),
      ).toBe(400);
    }
    expect((await call('GET', '/partner', p.token)).json().content.commission).toBe('0');
  });

  it('shows a new key once; the list has its prefix only, never the key or its hash', async () => {
    const res = await call('POST', '/partner/keys', p.token, { name: ' CI server ', scopes: ['read'] });
    expect(res.statusCode).toBe(200);
    const { id, key } = res.json().content;
    expect(key).toMatch(/^vl_[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.services.db.select().from(partnerApiKeys).where(eq(partnerApiKeys.id, id));
    expect(stored?.prefix).toBe(key.slice(0, 11));
    expect(stored?.keyHash.toString('hex')).not.toContain(Buffer.from(key).toString('hex'));
    expect(stored?.keyHash).toHaveLength(32);

    const list = await call('GET', '/partner/keys', p.token);
    const body = list.body;
    expect(body).not.toContain(key);
    expect(body).not.toContain(key.slice(11));
    expect(body).not.toContain(stored?.keyHash.toString('hex'));
    expect(body).not.toContain(stored?.keyHash.toString('base64'));
    const item = list.json().content.find((k: { id: string }) => k.id === id);
    expect(item).toEqual({
      id,
      name: 'CI server',
      prefix: key.slice(0, 11),
      scopes: ['read'],
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
    });
  });

  it('refuses a bad key request (400)', async () => {
    for (const body of [
      {},
      { name: '', scopes: ['read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['admin'] },
      { name: 'x', scopes: ['read', 'read'] },
      { name: 'x'.repeat(61), scopes: ['read'] },
    ]) {
      expect((await call('POST', '/partner/keys', p.token, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('DELETE', '/partner/keys/nope', p.token)).statusCode).toBe(400);
  });

  it("revokes its own key, which is refused from then on; another partner's key is 404", async () => {
    const other = await makePartner(t);
    const { id, key } = (await call('POST', '/partner/keys', p.token, { name: 'r', scopes: ['read'] })).json()
      .content;
    expect((await withKey(t, key, { url: '/api/v1/key' })).statusCode).toBe(200);

    const foreign = await call('DELETE', `/partner/keys/${id}`, other.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('PARTNER_KEY_NOT_FOUND');
    expect((await call('DELETE', `/partner/keys/${randomUUID()}`, p.token)).statusCode).toBe(404);
    expect((await withKey(t, key, { url: '/api/v1/key' })).statusCode).toBe(200);

    expect((await call('DELETE', `/partner/keys/${id}`, p.token)).statusCode).toBe(200);
    const refused = await withKey(t, key, { url: '/api/v1/key' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('API_KEY_INVALID');
    const listed = (await call('GET', '/partner/keys', p.token))
      .json()
      .content.find((k: { id: string }) => k.id === id);
    expect(listed.revokedAt).toEqual(expect.any(String));
    // Revoking twice is harmless and keeps the first time.
    expect((await call('DELETE', `/partner/keys/${id}`, p.token)).statusCode).toBe(200);
    expect(
      (await call('GET', '/partner/keys', p.token)).json().content.find((k: { id: string }) => k.id === id)
        .revokedAt,
    ).toBe(listed.revokedAt);
  });

  it(`allows at most ${PARTNER_LIMITS.maxKeys} active keys; revoking one frees a place`, async () => {
    const q = await makePartner(t);
    const ids = [q.keyId];
    for (let i = ids.length; i < PARTNER_LIMITS.maxKeys; i++) {
      const res = await call('POST', '/partner/keys', q.token, { name: `k${i}`, scopes: ['read'] });
      expect(res.statusCode).toBe(200);
      ids.push(res.json().content.id);
    }
    const over = await call('POST', '/partner/keys', q.token, { name: 'one too many', scopes: ['read'] });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({
      code: 'PARTNER_KEY_LIMIT',
      params: { max: PARTNER_LIMITS.maxKeys },
    });
    await call('DELETE', `/partner/keys/${ids[0]}`, q.token);
    expect(
      (await call('POST', '/partner/keys', q.token, { name: 'again', scopes: ['read'] })).statusCode,
    ).toBe(200);
  });
});
