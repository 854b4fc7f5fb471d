import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Wallet } from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import { useCurrency } from '../../../lib/preferences';

/** GET Wallets (user): the signed-in user's wallets with balances. */
export const getUserWallets = (signal?: AbortSignal) => api.get<Wallet[]>('Wallets', { signal });

export const userWalletsQueryOptions = (currency: string) =>
  queryOptions({
    queryKey: ['wallets', 'user', currency],
    queryFn: ({ signal }) => getUserWallets(signal),
  });

export function useUserWallets() {
  return useQuery(userWalletsQueryOptions(useCurrency()));
}
