import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserSummary, UserStatus } from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET Admin/searchUser?query (admin): users whose name, e-mail or id matches (at most 20). */
export const searchUsers = (query: string, signal?: AbortSignal) =>
  api.get<AdminUserSummary[]>('Admin/searchUser', { query: { query }, signal });

export const searchUsersQuery = (query: string) =>
  queryOptions({
    queryKey: adminKeys.search(query),
    queryFn: ({ signal }) => searchUsers(query, signal),
    enabled: query.length > 0,
    staleTime: 0,
  });

export const useSearchUsers = (query: string) => useQuery(searchUsersQuery(query));

/** GET Admin/user?userId (admin): profile, status, address and bank account. */
export const getAdminUser = (userId: string, signal?: AbortSignal) =>
  api.get<AdminUser>('Admin/user', { query: { userId }, signal });

export const adminUserQuery = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.user(userId),
    queryFn: ({ signal }) => getAdminUser(userId, signal),
    staleTime: 0,
  });

export const useAdminUser = (userId: string) => useQuery(adminUserQuery(userId));

/** POST Admin/setAccountStatus?userId&status (1 active, -1 inactive; deactivating ends sessions). */
export const setAccountStatus = (userId: string, status: UserStatus) =>
  api.post<AdminUser>('Admin/setAccountStatus', undefined, { query: { userId, status } });

export function useSetAccountStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { userId: string; status: UserStatus }) => setAccountStatus(v.userId, v.status),
    onSuccess: (user) => qc.setQueryData(adminKeys.user(user.id), user),
    // Search results show the status too, and the audit log has a new row.
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/**
 * POST Admin/users/{id}/2fa/reset (admin, step-up): removes every second factor of a user who lost
 * them all; the user is e-mailed and withdrawals stay locked for a while.
 */
export function useResetTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api.post<{ withdrawalsLockedUntil: string | null }>(
        `Admin/users/${encodeURIComponent(userId)}/2fa/reset`,
        {},
      ),
    onSuccess: (_r, userId) => qc.invalidateQueries({ queryKey: adminKeys.user(userId) }),
  });
}
