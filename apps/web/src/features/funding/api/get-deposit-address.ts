import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositAddress } from '@vaultline/shared';
import { api } from '../../../lib/api-client';

/** GET Payment/crypto/address?assetId (user): where to send a crypto deposit. */
export const getDepositAddress = (assetId: string, signal?: AbortSignal) =>
  api.get<DepositAddress>('Payment/crypto/address', { query: { assetId }, signal });

export const depositAddressQueryOptions = (assetId: string, enabled: boolean) =>
  queryOptions({
    queryKey: ['funding', 'address', assetId],
    queryFn: ({ signal }) => getDepositAddress(assetId, signal),
    enabled,
    retry: false,
  });

export const useDepositAddress = (assetId: string, enabled: boolean) =>
  useQuery(depositAddressQueryOptions(assetId, enabled));
