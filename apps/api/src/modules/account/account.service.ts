import { type CurrencyId, type LanguageId, type User, UserStatus } from '@vaultline/shared';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { AuthState } from '../../plugins/auth-caller';
import { findUserById, type UserRow, updatePreferences } from './account.repository';

export function isPremium(u: Pick<UserRow, 'premiumUntil'>, now = new Date()): boolean {
  return u.premiumUntil !== null && u.premiumUntil > now;
}

/** The profile a user sees of themselves; the password hash and token version never leave. */
export function toUser(u: UserRow): User {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phoneNumber: u.phoneNumber,
    birthDay: u.birthDay,
    creationDate: u.creationDate.toISOString(),
    status: u.status,
    role: u.role,
    premium: isPremium(u),
    premiumUntil: u.premiumUntil?.toISOString() ?? null,
    // The columns only ever receive values checked against these lists.
    preferedLanguage: u.preferedLanguage as LanguageId,
    preferedCurrency: u.preferedCurrency as CurrencyId,
  };
}

const userGone = () => notFound('This account no longer exists', 'USER_NOT_FOUND');

export function createAccountService({ db }: { db: Db }) {
  return {
    async loadAuthState(id: string): Promise<AuthState | undefined> {
      if (!z.uuid().safeParse(id).success) return undefined;
      const u = await findUserById(db, id);
      if (!u) return undefined;
      return {
        id: u.id,
        email: u.email,
        role: u.role,
        premium: isPremium(u),
        active: u.status === UserStatus.active,
        tokenVersion: u.tokenVersion,
      };
    },

    async getUser(id: string): Promise<User> {
      const u = await findUserById(db, id);
      if (!u) throw userGone();
      return toUser(u);
    },

    /** The display currency the user chose, if the user exists. */
    async preferredCurrency(id: string): Promise<string | undefined> {
      return (await findUserById(db, id))?.preferedCurrency;
    },

    async setLanguage(id: string, lang: LanguageId): Promise<User> {
      const u = await updatePreferences(db, id, { preferedLanguage: lang });
      if (!u) throw userGone();
      return toUser(u);
    },

    async setCurrency(id: string, currency: CurrencyId): Promise<User> {
      const u = await updatePreferences(db, id, { preferedCurrency: currency });
      if (!u) throw userGone();
      return toUser(u);
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
