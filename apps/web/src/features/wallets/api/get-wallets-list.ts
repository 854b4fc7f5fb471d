import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Wallet, WalletType } from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import { useCurrency } from '../../../lib/preferences';

/** GET Wallets/list (public): every asset, amount 0 for guests, valued in the display currency. */
export const getWalletsList = (signal?: AbortSignal) => api.get<Wallet[]>('Wallets/list', { signal });

export const walletsListQueryOptions = (currency: string, signedIn: boolean) =>
  queryOptions({
    queryKey: ['wallets', 'list', currency, signedIn],
    queryFn: ({ signal }) => getWalletsList(signal),
  });

export function useWalletsList(signedIn: boolean) {
  const currency = useCurrency();
  return useQuery(walletsListQueryOptions(currency, signedIn));
}

export const cryptoOnly = (wallets: readonly Wallet[] | undefined): Wallet[] =>
  (wallets ?? []).filter((w) => w.type === WalletType.Crypto);
