import { UserStatus } from '@vaultline/shared';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { AuthState } from '../../plugins/auth';
import { findUserById, type UserRow } from './account.repository';

export function isPremium(u: Pick<UserRow, 'premiumUntil'>, now = new Date()): boolean {
  return u.premiumUntil !== null && u.premiumUntil > now;
}

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
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
