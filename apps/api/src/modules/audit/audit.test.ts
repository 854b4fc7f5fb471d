import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, auditLog, bankAccounts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addProfile, auditOf, get, namedUser, post } from '../admin/admin.test-helpers';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import { insertAudit } from './audit.repository';

let t: TestApp;
let admin: { id: string; token: string };
let btc: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin' });
  btc = await assetId(t, 'BTC');
  await t.services.db
    .update(assets)
    .set({ adminWalletAddress: 'AUDIT-BTC-ADDRESS-0001' })
    .where(eq(assets.id, btc));
  t.services.wallets.catalog.invalidate();
});
afterAll(() => t.close());

async function deposit(hash: string): Promise<string> {
  const u = await makeUser(t);
  const res = await post(t, '/Payment/crypto/notify', u.token, {
    assetId: btc,
    amount: '0.5',
    transactionHash: hash,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content as string;
}

describe('deposit decisions are logged', () => {
  it('an approval: who, the status before and after, and the ledger entry it posted', async () => {
    const id = await deposit('c'.repeat(64));
    expect((await post(t, `/Admin/deposits/${id}/approve`, admin.token)).statusCode).toBe(200);
    const rows = await auditOf(t, id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      action: 'deposit.approve',
      targetType: 'deposit',
      before: { status: 3 },
      after: { status: 1, adminNotes: null },
    });
    expect(rows[0]?.after?.journalEntryId).toEqual(expect.any(String));
    // A refused second approval changes nothing and logs nothing.
    expect((await post(t, `/Admin/deposits/${id}/approve`, admin.token)).statusCode).toBe(409);
    expect(await auditOf(t, id)).toHaveLength(1);
  });

  it('a rejection, with its notes', async () => {
    const id = await deposit('d'.repeat(64));
    const res = await post(t, `/Admin/deposits/${id}/reject`, admin.token, { notes: 'Nothing arrived' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await auditOf(t, id)).toMatchObject([
      {
        action: 'deposit.reject',
        before: { status: 3 },
        after: { status: 0, adminNotes: 'Nothing arrived' },
      },
    ]);
    expect((await post(t, `/Admin/deposits/${id}/reject`, admin.token, { notes: 'again' })).statusCode).toBe(
      409,
    );
    expect(await auditOf(t, id)).toHaveLength(1);
  });
});

describe('a change and its audit row commit together', () => {
  // An actor that is not a user: the audit row's foreign key fails, so the whole change must roll back.
  const ghost = randomUUID();

  it('a bank account decision', async () => {
    const u = await namedUser(t, 'Atomic', 'Bank');
    const bank = await addProfile(t, u.id);
    await expect(t.services.admin.setBankAccountStatus(ghost, bank.id, 1)).rejects.toThrow();
    const [row] = await t.services.db.select().from(bankAccounts).where(eq(bankAccounts.id, bank.id));
    expect(row?.status).toBe(-1);
  });

  it('an account status', async () => {
    const u = await namedUser(t, 'Atomic', 'Status');
    await expect(t.services.admin.setAccountStatus(ghost, u.id, -1)).rejects.toThrow();
    expect((await t.services.admin.user(u.id)).status).toBe(1);
  });

  it('a setting', async () => {
    await expect(t.services.adminSettings.setMinimumTransactionAmount(ghost, '5')).rejects.toThrow();
    expect(await t.services.adminSettings.minimumTransactionAmount()).toBe('99');
  });
});

describe('GET Admin/auditLog', () => {
  it('lists every change newest first, with who made it, a page at a time', async () => {
    const u = await namedUser(t, 'Paged', 'Target');
    const bank = await addProfile(t, u.id);
    for (const status of [1, 0, 1]) {
      await post(t, `/Admin/setBankAccountStatus?bankAccountId=${bank.id}&status=${status}`, admin.token);
    }
    const all = (await get(t, '/Admin/auditLog?pageSize=50', admin.token)).json().content;
    expect(all.total).toBeGreaterThanOrEqual(3);
    const times = all.items.map((e: { at: string }) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const page = await get(t, `/Admin/auditLog?targetId=${bank.id}&page=2&pageSize=2`, admin.token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().content).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.json().content.items).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        actor: { id: admin.id, firstName: 'Test', lastName: 'Admin', email: expect.any(String) },
        action: 'bankAccount.status',
        targetType: 'bankAccount',
        targetId: bank.id,
        before: { status: -1 },
        after: { status: 1, userId: u.id },
      },
    ]);
    const first = (await get(t, `/Admin/auditLog?targetId=${bank.id}&pageSize=2`, admin.token)).json()
      .content;
    expect(first.items.map((e: { after: { status: number } }) => e.after.status)).toEqual([1, 0]);
    const byAction = (await get(t, '/Admin/auditLog?action=deposit.approve', admin.token)).json().content;
    expect(byAction.items.every((e: { action: string }) => e.action === 'deposit.approve')).toBe(true);
    expect((await get(t, '/Admin/auditLog', admin.token)).json().content.pageSize).toBe(10);
  });

  it('lists changes made in the same instant in the order they were made', async () => {
    // One transaction: now() is the same for every row, as for changes a millisecond apart on the
    // embedded database.
    const target = randomUUID();
    await t.services.db.transaction(async (tx) => {
      for (let n = 0; n < 6; n++) {
        await insertAudit(tx, {
          actorId: admin.id,
          action: 'setting.feeRate',
          targetType: 'setting',
          targetId: target,
          before: { n: n - 1 },
          after: { n },
        });
      }
    });
    const listed = (await get(t, `/Admin/auditLog?targetId=${target}`, admin.token)).json().content;
    expect(new Set(listed.items.map((e: { at: string }) => e.at)).size).toBe(1);
    expect(listed.items.map((e: { after: { n: number } }) => e.after.n)).toEqual([5, 4, 3, 2, 1, 0]);
    expect((await auditOf(t, target)).map((r) => r.after?.n)).toEqual([5, 4, 3, 2, 1, 0]);
  });

  it('refuses a page size above 50, a page below 1 and an unknown action', async () => {
    for (const q of ['pageSize=51', 'page=0', 'pageSize=0', 'action=user.delete', 'page=x']) {
      const res = await get(t, `/Admin/auditLog?${q}`, admin.token);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
  });

  it('is append-only in the database', async () => {
    const [row] = await t.services.db.select().from(auditLog).limit(1);
    expect(row).toBeDefined();
    const refusal = (q: ReturnType<typeof sql>) =>
      t.services.db.execute(q).then(
        () => 'allowed',
        (err: Error & { cause?: Error }) => (err.cause ?? err).message,
      );
    expect(await refusal(sql`update audit_log set action = 'x' where id = ${row?.id ?? ''}`)).toMatch(
      /append-only/,
    );
    expect(await refusal(sql`delete from audit_log where id = ${row?.id ?? ''}`)).toMatch(/append-only/);
  });
});
