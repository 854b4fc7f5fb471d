import { randomUUID } from 'node:crypto';
import { Decimal } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { assets, users } from '../../db/schema';
import type { TestApp } from '../../test/test-app';

/** A user row and a valid access token for it (tests of the money modules). */
export async function makeUser(
  t: TestApp,
  opts: { role?: 'admin' | 'user'; premium?: boolean; currency?: string } = {},
): Promise<{ id: string; token: string }> {
  const [row] = await t.services.db
    .insert(users)
    .values({
      email: `u-${randomUUID()}@test.vaultline`,
      passwordHash: 'x',
      firstName: 'Test',
      lastName: opts.role === 'admin' ? 'Admin' : 'User',
      role: opts.role ?? 'user',
      premiumUntil: opts.premium ? new Date(Date.now() + 86_400_000) : null,
      preferedCurrency: opts.currency ?? 'USD',
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  const token = await t.services.tokens.sign({
    sub: row.id,
    role: opts.role ?? 'user',
    premium: opts.premium ?? false,
    ver: 0,
  });
  return { id: row.id, token };
}

export async function assetId(t: TestApp, ticker: string): Promise<string> {
  const [row] = await t.services.db.select({ id: assets.id }).from(assets).where(eq(assets.ticker, ticker));
  if (!row) throw new Error(`no asset ${ticker}`);
  return row.id;
}

/** Credits a user from the house through a real ledger entry. */
export async function fund(t: TestApp, userId: string, ticker: string, amount: string): Promise<void> {
  const id = await assetId(t, ticker);
  const d = new Decimal(amount);
  await t.services.db.transaction((tx) =>
    t.services.ledger.post(tx, {
      kind: 'test_fund',
      reference: randomUUID(),
      legs: [
        { owner: { kind: 'house' }, assetId: id, amount: d.neg() },
        { owner: { kind: 'user', userId }, assetId: id, amount: d },
      ],
    }),
  );
}
