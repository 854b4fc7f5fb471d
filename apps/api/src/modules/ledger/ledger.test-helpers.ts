import { randomUUID } from 'node:crypto';
import { Decimal } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { assets, passkeys, sessionFactors, users } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import { newSoftPasskey, type SoftPasskey } from '../two-factor/soft-authenticator.test-helpers';

/**
 * A user row and a valid access token for it (tests of the money modules). An admin (or
 * `twoFactor: true`) also gets a second factor (a software passkey) and a session that gave it
 * just now, as the back office asks (ADMIN_REQUIRE_2FA, step-up on payouts, refunds, fees...).
 */
export async function makeUser(
  t: TestApp,
  opts: { role?: 'admin' | 'user'; premium?: boolean; currency?: string; twoFactor?: boolean } = {},
): Promise<{ id: string; token: string; passkey?: SoftPasskey }> {
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
  const sid = randomUUID();
  let key: SoftPasskey | undefined;
  if (opts.twoFactor ?? opts.role === 'admin') {
    key = newSoftPasskey();
    await t.services.db.insert(passkeys).values({
      userId: row.id,
      credentialId: key.credentialId.toString('base64url'),
      publicKey: key.publicKeyCose,
      name: 'Test key',
    });
    await t.services.db
      .insert(sessionFactors)
      .values({ familyId: sid, userId: row.id, verifiedAt: new Date() });
  }
  const token = await t.services.tokens.sign({
    sub: row.id,
    role: opts.role ?? 'user',
    premium: opts.premium ?? false,
    ver: 0,
    sid,
  });
  return { id: row.id, token, ...(key ? { passkey: key } : {}) };
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
