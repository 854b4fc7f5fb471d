import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConvertRequest } from '@vaultline/shared';
import { api } from '../../../lib/api-client';

/** POST AssetConvert/convert: spends the lock; content is the new transaction's id. */
export const convertAssets = (body: ConvertRequest) => api.post<string>('AssetConvert/convert', body);

export function useConvertAssets() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: convertAssets,
    // Balances moved: wallet lists and totals must be read again.
    onSuccess: () => qc.invalidateQueries({ queryKey: ['wallets'] }),
  });
}
