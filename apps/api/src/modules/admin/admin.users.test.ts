import { randomUUID } from 'node:crypto';
import { ADMIN_LIMITS } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, login, refresh, session } from '../auth/auth.test-helpers';
import { makeUser } from '../ledger/ledger.test-helpers';
import { addProfile, auditOf, get, namedUser, post } from './admin.test-helpers';

let t: TestApp;
let admin: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const search = (q: string) => get(t, `/Admin/searchUser?query=${encodeURIComponent(q)}`, admin.token);
const ids = (res: { json(): { content: { id: string }[] } }) => res.json().content.map((u) => u.id);

describe('GET Admin/searchUser', () => {
  let zoe: { id: string; email: string };
  beforeAll(async () => {
    zoe = await namedUser(t, 'Zoëlle', 'Quartermaine', 'zq.person');
  });

  it('finds a user by part of the first name, last name, full name or e-mail, in any case', async () => {
    for (const q of ['zoë', 'ZOËLLE', 'quarter', 'QUARTERMAINE', 'Zoëlle Quart', 'zq.person', 'ZQ.PER']) {
      const res = await search(q);
      expect(res.statusCode, q).toBe(200);
      expect(ids(res), q).toContain(zoe.id);
    }
    expect((await search('zoë')).json().content.find((u: { id: string }) => u.id === zoe.id)).toEqual({
      id: zoe.id,
      firstName: 'Zoëlle',
      lastName: 'Quartermaine',
      email: zoe.email,
      status: 1,
    });
  });

  it('finds text inside a name or an e-mail (three characters or more), not only at the start', async () => {
    expect(ids(await search('termai'))).toContain(zoe.id);
    expect(ids(await search('admin-test.example'))).toContain(zoe.id);
    expect(ids(await search('lle q'))).toContain(zoe.id);
    expect(ids(await search('rt'))).not.toContain(zoe.id);
  });

  it('finds a user by the whole id or its beginning', async () => {
    expect(ids(await search(zoe.id))).toEqual([zoe.id]);
    expect(ids(await search(zoe.id.toUpperCase()))).toEqual([zoe.id]);
    expect(ids(await search(zoe.id.slice(0, 13)))).toContain(zoe.id);
  });

  it('returns at most 20 users and takes % and _ literally', async () => {
    for (let i = 0; i < ADMIN_LIMITS.searchResults + 5; i++) await namedUser(t, `Bulk${i}`, 'Manyfold');
    expect((await search('manyfold')).json().content).toHaveLength(ADMIN_LIMITS.searchResults);
    expect((await search('%%%')).json().content).toEqual([]);
    expect((await search('___')).json().content).toEqual([]);
    expect((await search('nobody-has-this-name')).json().content).toEqual([]);
  });

  it('refuses an empty or too long query', async () => {
    for (const url of ['/Admin/searchUser', '/Admin/searchUser?query=', '/Admin/searchUser?query=%20%20']) {
      const res = await get(t, url, admin.token);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
    expect((await search('x'.repeat(101))).statusCode).toBe(400);
  });
});

describe('GET Admin/user', () => {
  it('gives the profile, status, address and bank account', async () => {
    const u = await namedUser(t, 'Ada', 'Lovelace');
    const bank = await addProfile(t, u.id);
    const res = await get(t, `/Admin/user?userId=${u.id}`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toEqual({
      id: u.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: u.email,
      phoneNumber: null,
      birthDay: null,
      creationDate: u.creationDate.toISOString(),
      status: 1,
      role: 'user',
      premium: false,
      address: {
        street: 'Bahnhofstrasse 1',
        city: 'Zürich',
        postalCode: '8001',
        country: { id: 756, iso31661Alpha2Code: 'CH' },
      },
      bankAccount: {
        id: bank.id,
        iban: 'CH9300762011623852957',
        status: -1,
        creationDate: bank.creationDate.toISOString(),
      },
    });
  });

  it('gives null address and bank account when the user has none', async () => {
    const u = await namedUser(t, 'Bare', 'Profile');
    const res = await get(t, `/Admin/user?userId=${u.id}`, admin.token);
    expect(res.json().content).toMatchObject({ id: u.id, address: null, bankAccount: null });
  });

  it('answers 404 for an unknown id and 400 for a missing or malformed one', async () => {
    const res = await get(t, `/Admin/user?userId=${randomUUID()}`, admin.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({
      code: 'USER_NOT_FOUND',
      error: 'No user with the specified id was found.',
    });
    expect((await get(t, '/Admin/user', admin.token)).statusCode).toBe(400);
    expect((await get(t, '/Admin/user?userId=42', admin.token)).statusCode).toBe(400);
  });
});

describe('POST Admin/setAccountStatus', () => {
  const setStatus = (userId: string, status: number | string, token = admin.token) =>
    post(t, `/Admin/setAccountStatus?userId=${userId}&status=${status}`, token);

  it("deactivating refuses the user's open session on its next call and revokes its refresh tokens", async () => {
    const { email, password } = await createUser(t);
    const s = await session(t, email, password);
    expect((await get(t, '/User', s.token)).statusCode).toBe(200);
    const id = (await get(t, '/User', s.token)).json().content.id as string;
    const [before] = await t.services.db.select().from(users).where(eq(users.id, id));

    const res = await setStatus(id, -1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toMatchObject({ id, status: -1 });

    const next = await get(t, '/User', s.token);
    expect(next.statusCode).toBe(403);
    expect(next.json().error.code).toBe('ACCOUNT_DISABLED');
    expect((await refresh(t, s.refresh)).statusCode).not.toBe(200);
    const [after] = await t.services.db.select().from(users).where(eq(users.id, id));
    expect(after?.tokenVersion).toBe((before?.tokenVersion ?? 0) + 1);
    const tokens = await t.services.db.select().from(refreshTokens).where(eq(refreshTokens.userId, id));
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((r) => r.revokedAt !== null)).toBe(true);
    expect((await login(t, email, password)).statusCode).toBe(403);

    const [row] = await auditOf(t, id, 'user.status');
    expect(row).toMatchObject({
      actorId: admin.id,
      targetType: 'user',
      before: { status: 1 },
      after: { status: -1 },
    });
  });

  it('reactivating lets the user log in again; the old session stays ended', async () => {
    const { email, password } = await createUser(t);
    const s = await session(t, email, password);
    const id = (await get(t, '/User', s.token)).json().content.id as string;
    await setStatus(id, -1);
    const res = await setStatus(id, 1);
    expect(res.json().content.status).toBe(1);
    const old = await get(t, '/User', s.token);
    expect(old.statusCode).toBe(401);
    expect(old.json().error.code).toBe('TOKEN_REVOKED');
    expect((await login(t, email, password)).statusCode).toBe(200);
    expect((await auditOf(t, id, 'user.status')).map((r) => r.after)).toEqual([
      { status: 1 },
      { status: -1 },
    ]);
  });

  it('changes nothing (and logs nothing) when the status is already the one asked', async () => {
    const u = await namedUser(t, 'Already', 'Active');
    const res = await setStatus(u.id, 1);
    expect(res.statusCode).toBe(200);
    expect(await auditOf(t, u.id)).toEqual([]);
  });

  it('does not let an admin deactivate their own account', async () => {
    const res = await setStatus(admin.id, -1);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'CANNOT_DEACTIVATE_SELF',
      error: 'You cannot deactivate your own account.',
    });
    expect((await get(t, '/Admin/stats', admin.token)).statusCode).toBe(200);
  });

  it('refuses an unknown user (404) and a status other than 1 or -1 (400)', async () => {
    const missing = await setStatus(randomUUID(), -1);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('USER_NOT_FOUND');
    const u = await namedUser(t, 'Status', 'Checked');
    for (const s of [0, 2, 'x', '']) expect((await setStatus(u.id, s)).statusCode, String(s)).toBe(400);
    expect((await post(t, '/Admin/setAccountStatus?status=1', admin.token)).statusCode).toBe(400);
  });
});

describe('bank accounts', () => {
  const setStatus = (id: string, status: number | string) =>
    post(t, `/Admin/setBankAccountStatus?bankAccountId=${id}&status=${status}`, admin.token);

  it('lists the accounts not processed yet, oldest first, with their owner', async () => {
    const a = await namedUser(t, 'Pending', 'First');
    const b = await namedUser(t, 'Pending', 'Second');
    const c = await namedUser(t, 'Approved', 'Already');
    const ba = await addProfile(t, a.id);
    const bb = await addProfile(t, b.id);
    const bc = await addProfile(t, c.id, 1);
    const list = (await get(t, '/Admin/pendingBankAccounts', admin.token)).json().content as {
      id: string;
    }[];
    const order = list.map((x) => x.id);
    expect(order.indexOf(ba.id)).toBeLessThan(order.indexOf(bb.id));
    expect(order).not.toContain(bc.id);
    expect(list.find((x) => x.id === ba.id)).toEqual({
      id: ba.id,
      userId: a.id,
      iban: 'CH9300762011623852957',
      status: -1,
      creationDate: ba.creationDate.toISOString(),
      user: { firstName: 'Pending', lastName: 'First', email: a.email },
    });
  });

  it('approves and refuses, each change logged; the pending list drops it', async () => {
    const u = await namedUser(t, 'Iban', 'Owner');
    const bank = await addProfile(t, u.id);
    const approved = await setStatus(bank.id, 1);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().content).toMatchObject({ id: bank.id, userId: u.id, status: 1 });
    const pending = (await get(t, '/Admin/pendingBankAccounts', admin.token)).json().content;
    expect(pending.map((x: { id: string }) => x.id)).not.toContain(bank.id);
    expect((await get(t, `/Admin/user?userId=${u.id}`, admin.token)).json().content.bankAccount.status).toBe(
      1,
    );
    expect((await setStatus(bank.id, 0)).json().content.status).toBe(0);
    expect((await setStatus(bank.id, 0)).statusCode).toBe(200);
    expect((await auditOf(t, bank.id)).map((r) => [r.before, r.after])).toEqual([
      [{ status: 1 }, { status: 0, userId: u.id }],
      [{ status: -1 }, { status: 1, userId: u.id }],
    ]);
  });

  it('refuses an unknown account (404) and a status other than 0 or 1 (400)', async () => {
    const missing = await setStatus(randomUUID(), 1);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({
      code: 'BANK_ACCOUNT_NOT_FOUND',
      error: 'Bank account not found.',
    });
    const u = await namedUser(t, 'Bad', 'Status');
    const bank = await addProfile(t, u.id);
    for (const s of [-1, 2, 'yes']) expect((await setStatus(bank.id, s)).statusCode, String(s)).toBe(400);
    expect((await setStatus('not-an-id', 1)).statusCode).toBe(400);
  });
});
