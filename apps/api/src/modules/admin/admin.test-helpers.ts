import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { addresses, auditLog, bankAccounts, users } from '../../db/schema';
import type { TestApp } from '../../test/test-app';

/** A user with the given names (and a unique e-mail built from `emailLocal`), no token. */
export async function namedUser(
  t: TestApp,
  firstName: string,
  lastName: string,
  emailLocal = `${firstName}.${lastName}`.toLowerCase(),
) {
  const [row] = await t.services.db
    .insert(users)
    .values({
      email: `${emailLocal}-${randomUUID().slice(0, 8)}@admin-test.example`,
      passwordHash: 'x',
      firstName,
      lastName,
    })
    .returning();
  if (!row) throw new Error('no user');
  return row;
}

/** Gives a user an address (Switzerland) and an IBAN of the given status. */
export async function addProfile(t: TestApp, userId: string, bankStatus = -1) {
  await t.services.db
    .insert(addresses)
    .values({ userId, street: 'Bahnhofstrasse 1', city: 'Zürich', postalCode: '8001', countryId: 756 });
  const [bank] = await t.services.db
    .insert(bankAccounts)
    .values({ userId, iban: 'CH9300762011623852957', status: bankStatus })
    .returning();
  if (!bank) throw new Error('no bank account');
  return bank;
}

/** The audit rows about one target, newest first. */
export function auditOf(t: TestApp, targetId: string, action?: string) {
  return t.services.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), action ? eq(auditLog.action, action) : undefined))
    .orderBy(desc(auditLog.at), desc(auditLog.seq));
}

export const get = (t: TestApp, url: string, token?: string) =>
  t.request({ method: 'GET', url: `/api${url}`, ...(token ? { token } : {}) });
export const post = (t: TestApp, url: string, token?: string, payload?: object) =>
  t.request({
    method: 'POST',
    url: `/api${url}`,
    ...(token ? { token } : {}),
    ...(payload ? { payload } : {}),
  });
