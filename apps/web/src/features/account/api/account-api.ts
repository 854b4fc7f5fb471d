import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Address,
  type AddressUpdateRequest,
  type BankAccount,
  type Country,
  PROFILE_PATHS,
  type User,
  type UserUpdateRequest,
} from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import { reloadUser } from '../../../lib/preferences';
import { session } from '../../../lib/session';

/** The four loads of the page (spec-2 §2): the user, the address, the IBAN and the country list. */
export const accountKeys = {
  user: ['account', 'user'] as const,
  address: ['account', 'address'] as const,
  iban: ['account', 'iban'] as const,
  countries: ['countries'] as const,
};

/** GET User (kept in the session too, so the header's name and avatar follow). */
export const userQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.user, queryFn: () => reloadUser() });

/** GET User/address: null while there is none. */
export const addressQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.address,
    queryFn: ({ signal }) => api.get<Address | null>(PROFILE_PATHS.address, { signal }),
  });

/** GET User/iban: null while there is none. */
export const ibanQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.iban,
    queryFn: ({ signal }) => api.get<BankAccount | null>(PROFILE_PATHS.iban, { signal }),
  });

/** GET countries: ISO 3166-1 with names in the four languages (i18n-iso-countries, seeded by the server). */
export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.countries,
    queryFn: ({ signal }) => api.get<Country[]>('countries', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useAccountUser = () => useQuery(userQueryOptions());
export const useAddress = () => useQuery(addressQueryOptions());
export const useIban = () => useQuery(ibanQueryOptions());
export const useCountries = () => useQuery(countriesQueryOptions());

/** POST User/update with the changed fields; the answer is the user. */
export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UserUpdateRequest) => api.post<User>(PROFILE_PATHS.update, body),
    onSuccess: (user) => {
      session.setUser(user);
      qc.setQueryData(accountKeys.user, user);
    },
  });
}

/** POST User/address, then the address is read again (spec-2 §7). */
export function useUpdateAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AddressUpdateRequest) => api.post<Address>(PROFILE_PATHS.address, body),
    onSuccess: (address) => {
      qc.setQueryData(accountKeys.address, address);
      return qc.invalidateQueries({ queryKey: accountKeys.address });
    },
  });
}

/** POST User/iban, then the bank account is read again. */
export function useUpdateIban() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (iban: string) => api.post<BankAccount>(PROFILE_PATHS.iban, { iban }),
    onSuccess: (account) => {
      qc.setQueryData(accountKeys.iban, account);
      return qc.invalidateQueries({ queryKey: accountKeys.iban });
    },
  });
}
