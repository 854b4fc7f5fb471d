import { BankAccountStatus } from '@vaultline/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addresses, bankAccounts, countries, users } from '../../db/schema';

export type ProfileFields = Partial<
  Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'phoneNumber' | 'email' | 'birthDay'>
>;

export async function updateProfile(db: DbOrTx, id: string, set: ProfileFields) {
  const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning();
  return row;
}

/** Whether another account already uses this (lower-cased) e-mail. */
export async function emailUsedByOther(db: DbOrTx, email: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, id)))
    .limit(1);
  return row !== undefined;
}

export async function findAddress(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      street: addresses.street,
      city: addresses.city,
      postalCode: addresses.postalCode,
      country: { id: countries.id, iso31661Alpha2Code: countries.iso31661Alpha2Code },
    })
    .from(addresses)
    .innerJoin(countries, eq(countries.id, addresses.countryId))
    .where(eq(addresses.userId, userId))
    .limit(1);
  return row;
}

export async function upsertAddress(
  db: DbOrTx,
  userId: string,
  a: { street: string; city: string; postalCode: string; countryId: number },
): Promise<void> {
  await db
    .insert(addresses)
    .values({ userId, ...a })
    .onConflictDoUpdate({
      target: addresses.userId,
      set: { ...a, updatedAt: sql`now()` },
    });
}

export async function findBankAccount(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)).limit(1);
  return row;
}

/**
 * Stores the user's IBAN. A different IBAN starts over as not processed (an admin reviews it again),
 * with a new creation date; the same IBAN sent again keeps its status.
 */
export async function upsertBankAccount(db: DbOrTx, userId: string, iban: string) {
  const [row] = await db
    .insert(bankAccounts)
    .values({ userId, iban, status: BankAccountStatus.notProcessed })
    .onConflictDoUpdate({
      target: bankAccounts.userId,
      set: { iban, status: BankAccountStatus.notProcessed, creationDate: sql`now()` },
      setWhere: sql`${bankAccounts.iban} <> excluded.iban`,
    })
    .returning();
  return row ?? findBankAccount(db, userId);
}
