import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditOf } from '../admin/admin.test-helpers';
import { makeUser } from '../ledger/ledger.test-helpers';

let t: TestApp;
let admin: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const makePartner = (userId: string, body: object, token?: string) =>
  t.request({
    method: 'POST',
    url: `/api/Admin/partners/${userId}`,
    payload: body,
    ...(token ? { token } : {}),
  });

describe('POST Admin/partners/{userId}', () => {
  it('is refused to a guest (401) and to a user (403), even with a bad body', async () => {
    const user = await makeUser(t);
    expect((await makePartner(user.id, { maxCommission: '0.01' })).statusCode).toBe(401);
    const res = await makePartner(user.id, { maxCommission: '0.01' }, user.token);
    expect(res.statusCode).toBe(403);
    expect((await makePartner(user.id, { maxCommission: 'x' }, user.token)).statusCode).toBe(403);
  });

  it('makes an account a partner, with commission 0, and records it in the audit log', async () => {
    const user = await makeUser(t);
    const res = await makePartner(user.id, { maxCommission: '0.015' }, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toMatchObject({ userId: user.id, maxCommission: '0.015', commission: '0' });
    const [row] = await auditOf(t, user.id, 'partner.maxCommission');
    expect(row).toMatchObject({
      actorId: admin.id,
      targetType: 'user',
      before: null,
      after: { maxCommission: '0.015', commission: '0' },
    });
  });

  it('lowers the maximum and clamps the commission down to it (audited before and after)', async () => {
    const user = await makeUser(t);
    await makePartner(user.id, { maxCommission: '0.03' }, admin.token);
    const set = await t.request({
      method: 'PUT',
      url: '/api/partner/commission',
      token: user.token,
      payload: { commission: '0.025' },
    });
    expect(set.json().content.commission).toBe('0.025');
    const res = await makePartner(user.id, { maxCommission: '0.01' }, admin.token);
    expect(res.json().content).toMatchObject({ maxCommission: '0.01', commission: '0.01' });
    const [row] = await auditOf(t, user.id, 'partner.maxCommission');
    expect(row).toMatchObject({
      before: { maxCommission: '0.03', commission: '0.025' },
      after: { maxCommission: '0.01', commission: '0.01' },
    });
    // Raising it again keeps the commission the partner had after the clamp.
    const up = await makePartner(user.id, { maxCommission: '0.05' }, admin.token);
    expect(up.json().content).toMatchObject({ maxCommission: '0.05', commission: '0.01' });
  });

  it('answers 400 for a bad body and a bad id, 404 for an unknown user', async () => {
    const user = await makeUser(t);
    for (const body of [
      {},
      { maxCommission: '0.06' },
      { maxCommission: '-0.01' },
      { maxCommission: 1 },
      { maxCommission: '0.0000001' },
    ]) {
      const res = await makePartner(user.id, body, admin.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await makePartner('not-a-uuid', { maxCommission: '0.01' }, admin.token)).statusCode).toBe(400);
    const unknown = await makePartner(randomUUID(), { maxCommission: '0.01' }, admin.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('USER_NOT_FOUND');
  });
});
