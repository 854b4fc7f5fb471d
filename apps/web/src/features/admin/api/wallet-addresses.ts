import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminWalletAddress, Wallet } from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET Wallets/list: every asset with its deposit address when one is configured. */
export const getAssetWallets = (signal?: AbortSignal) => api.get<Wallet[]>('Wallets/list', { signal });

export const assetWalletsQuery = () =>
  queryOptions({
    queryKey: adminKeys.wallets,
    queryFn: ({ signal }) => getAssetWallets(signal),
    staleTime: 0,
  });

export const useAssetWallets = () => useQuery(assetWalletsQuery());

/** POST Admin/setWalletAddress?walletId&address (crypto only; checked for the asset's network). */
export const setWalletAddress = (walletId: string, address: string) =>
  api.post<AdminWalletAddress>('Admin/setWalletAddress', undefined, { query: { walletId, address } });

export function useSetWalletAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { walletId: string; address: string }) => setWalletAddress(v.walletId, v.address),
    // spec-2 §4: the wallet gets the new address and is marked configured.
    onSuccess: (saved) => {
      qc.setQueryData<Wallet[]>(adminKeys.wallets, (list) =>
        list?.map((w) =>
          w.id === saved.id
            ? { ...w, adminWalletAddress: saved.adminWalletAddress, isAddressConfigured: true }
            : w,
        ),
      );
      // Every other screen that lists assets (the exchange widget, deposits) reads the new address.
      void qc.invalidateQueries({ queryKey: ['wallets'] });
      void qc.invalidateQueries({ queryKey: adminKeys.auditAll });
    },
  });
}
