import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { adminPartnerSchema } from '@vaultline/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { searchUsers } from './users';

export type AdminPartner = z.infer<typeof adminPartnerSchema>;

/** Under 'admin' like every back-office list, so a decision elsewhere refreshes it too. */
export const adminPartnersKey = ['admin', 'partners'] as const;

/** GET Admin/partners (admin): every partner with its exchanges, volume and earnings in USD. */
export const getAdminPartners = (signal?: AbortSignal) =>
  api.get<AdminPartner[]>('Admin/partners', { signal });

export const adminPartnersQuery = () =>
  queryOptions({
    queryKey: adminPartnersKey,
    queryFn: ({ signal }) => getAdminPartners(signal),
    staleTime: 0,
  });

export const useAdminPartners = () => useQuery(adminPartnersQuery());

/** POST Admin/partners/{userId} { maxCommission }: makes the account a partner, or changes its maximum. */
export const makePartner = (userId: string, maxCommission: string) =>
  api.post<unknown>(`Admin/partners/${userId}`, { maxCommission });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user id of "an e-mail or a user id" typed by the admin; null when no account has that e-mail. */
export async function resolveUserId(who: string): Promise<string | null> {
  const text = who.trim();
  if (UUID.test(text)) return text;
  const found = await searchUsers(text);
  return found.find((u) => u.email.toLowerCase() === text.toLowerCase())?.id ?? null;
}

/** An account that could not be found by the e-mail typed (no call was made to make it a partner). */
export class UnknownUserError extends Error {
  constructor() {
    super('unknown user');
    this.name = 'UnknownUserError';
  }
}

export function useMakePartner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { who: string; maxCommission: string }) => {
      const userId = await resolveUserId(v.who);
      if (!userId) throw new UnknownUserError();
      await makePartner(userId, v.maxCommission);
      return userId;
    },
    // The list, and the audit log's new row.
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
