import {
  ADMIN_ERRORS,
  ADMIN_LIMITS,
  type AdminBankAccount,
  type AdminPendingBankAccount,
  type AdminStats,
  type AdminUser,
  type AdminUserSummary,
  type AdminWalletAddress,
  Decimal,
  EXCHANGE_ERRORS,
  UserStatus,
  WALLET_ERRORS,
  WalletType,
} from '@vaultline/shared';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { isPremium } from '../account/account.service';
import type { AuditTrail } from '../audit/audit.service';
import {
  lockAsset,
  lockBankAccount,
  lockUserStatus,
  pendingBankAccounts,
  searchByPrefix,
  searchBySubstring,
  setAssetAddress,
  setBankAccountStatus,
  setUserStatus,
  stats,
  userDetail,
} from './admin.repository';

export interface AdminDeps {
  db: Db;
  audit: AuditTrail;
  /** The deposit-address check of each network (the guest exchange's, decision 0016). */
  validAddress(ticker: string, address: string): boolean;
  /** Dropped after a deposit address changes, so every call sees the new one at once. */
  catalog: { invalidate(): void };
  /** A deactivated user's open live connections are closed at once. */
  feed?: { disconnectUser(userId: string): void };
}

/** Searches shorter than this only look for prefixes (a substring of 1-2 letters matches everyone). */
const SUBSTRING_MIN = 3;

const usd = (v: string) => new Decimal(v).toFixed(2);
const userNotFound = () => notFound(ADMIN_ERRORS.userNotFound, 'USER_NOT_FOUND');

/** Back office: statistics, users, bank accounts and deposit addresses (spec-2 §2 admin area). */
export function createAdminService({ db, audit, validAddress, catalog, feed }: AdminDeps) {
  async function user(id: string): Promise<AdminUser> {
    const row = await userDetail(db, id);
    if (!row) throw userNotFound();
    const { user: u, address: a, country: c, bank: b } = row;
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
      address:
        a && c
          ? {
              street: a.street,
              city: a.city,
              postalCode: a.postalCode,
              country: { id: c.id, iso31661Alpha2Code: c.iso31661Alpha2Code },
            }
          : null,
      bankAccount: b
        ? { id: b.id, iban: b.iban, status: b.status, creationDate: b.creationDate.toISOString() }
        : null,
    };
  }

  return {
    async stats(): Promise<AdminStats> {
      const s = await stats(db);
      return {
        totalUsers: s.total_users,
        newUsers24h: s.new_users_24h,
        newUsers7d: s.new_users_7d,
        newUsers30d: s.new_users_30d,
        totalTradedAmount: usd(s.traded_total),
        tradedAmount24h: usd(s.traded_24h),
        tradedAmount7d: usd(s.traded_7d),
        tradedAmount30d: usd(s.traded_30d),
      };
    },

    /** Name, e-mail or id; prefixes first (indexed), then, for 3+ characters, anywhere in them. */
    async searchUsers(query: string): Promise<AdminUserSummary[]> {
      const limit = ADMIN_LIMITS.searchResults;
      const text = query.trim();
      const found = await searchByPrefix(db, text, limit);
      if (found.length >= limit || text.length < SUBSTRING_MIN) return found;
      const more = await searchBySubstring(
        db,
        text,
        found.map((u) => u.id),
        limit - found.length,
      );
      return [...found, ...more];
    },

    user,

    /**
     * Activates or deactivates an account. Deactivating ends every session at once (token version
     * and refresh tokens, same transaction as the status and its audit row); not one's own account.
     */
    async setAccountStatus(actorId: string, userId: string, status: UserStatus): Promise<AdminUser> {
      if (status === UserStatus.inactive && userId === actorId)
        throw badRequest(ADMIN_ERRORS.cannotDeactivateSelf, 'CANNOT_DEACTIVATE_SELF');
      await db.transaction(async (tx) => {
        const before = await lockUserStatus(tx, userId);
        if (!before) throw userNotFound();
        if (before.status === status) return;
        await setUserStatus(tx, userId, status, status === UserStatus.inactive);
        await audit.record(tx, {
          actorId,
          action: 'user.status',
          targetType: 'user',
          targetId: userId,
          before: { status: before.status },
          after: { status },
        });
      });
      if (status === UserStatus.inactive) feed?.disconnectUser(userId);
      return user(userId);
    },

    async pendingBankAccounts(): Promise<AdminPendingBankAccount[]> {
      const rows = await pendingBankAccounts(db, ADMIN_LIMITS.pendingBankAccounts);
      return rows.map(({ account: b, user: u }) => ({
        id: b.id,
        userId: b.userId,
        iban: b.iban,
        status: b.status,
        creationDate: b.creationDate.toISOString(),
        user: u,
      }));
    },

    /** Approves (1) or refuses (0) a bank account, whatever its status was (spec-2 §4). */
    async setBankAccountStatus(actorId: string, id: string, status: number): Promise<AdminBankAccount> {
      const row = await db.transaction(async (tx) => {
        const before = await lockBankAccount(tx, id);
        if (!before) throw notFound(ADMIN_ERRORS.bankAccountNotFound, 'BANK_ACCOUNT_NOT_FOUND');
        if (before.status === status) return before;
        const after = (await setBankAccountStatus(tx, id, status)) ?? before;
        await audit.record(tx, {
          actorId,
          action: 'bankAccount.status',
          targetType: 'bankAccount',
          targetId: id,
          before: { status: before.status },
          after: { status, userId: before.userId },
        });
        return after;
      });
      return {
        id: row.id,
        userId: row.userId,
        iban: row.iban,
        status: row.status,
        creationDate: row.creationDate.toISOString(),
      };
    },

    /** Where guests and users send a crypto asset: checked for its network, then stored. */
    async setWalletAddress(actorId: string, walletId: string, address: string): Promise<AdminWalletAddress> {
      const text = address.trim();
      if (!text) throw badRequest(ADMIN_ERRORS.walletAddressEmpty, 'VALIDATION');
      const row = await db.transaction(async (tx) => {
        const before = await lockAsset(tx, walletId);
        if (!before) throw notFound(WALLET_ERRORS.notFound, 'WALLET_NOT_FOUND');
        if (before.type !== WalletType.Crypto)
          throw badRequest(ADMIN_ERRORS.addressCryptoOnly, 'ADDRESS_CRYPTO_ONLY');
        if (!validAddress(before.ticker, text))
          throw badRequest(EXCHANGE_ERRORS.invalidAddress, 'INVALID_WALLET_ADDRESS');
        if (before.adminWalletAddress === text) return before;
        const after = (await setAssetAddress(tx, walletId, text)) ?? before;
        await audit.record(tx, {
          actorId,
          action: 'wallet.address',
          targetType: 'wallet',
          targetId: walletId,
          before: { ticker: before.ticker, adminWalletAddress: before.adminWalletAddress },
          after: { ticker: before.ticker, adminWalletAddress: text },
        });
        return after;
      });
      catalog.invalidate();
      return {
        id: row.id,
        ticker: row.ticker,
        fullName: row.fullName,
        type: row.type,
        adminWalletAddress: text,
        isAddressConfigured: true,
      };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
