import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** The three server-side settings of the back office (DECISIONS §3, §8). */
export interface AdminSettings {
  /** USD, decimal string. */
  minimumTransactionAmount: string;
  /** Fraction, decimal string (0.005 = 0.5 %). */
  feeRate: string;
  chatWidgetKey: string | null;
}

/** GET Admin/minimumTransactionAmount, Admin/conversionFee and Admin/chatWidgetKey, read together. */
export async function getAdminSettings(signal?: AbortSignal): Promise<AdminSettings> {
  const [minimumTransactionAmount, feeRate, chatWidgetKey] = await Promise.all([
    api.get<string>('Admin/minimumTransactionAmount', { signal }),
    api.get<string>('Admin/conversionFee', { signal }),
    api.get<string | null>('Admin/chatWidgetKey', { signal }),
  ]);
  return { minimumTransactionAmount, feeRate, chatWidgetKey };
}

export const adminSettingsQuery = () =>
  queryOptions({
    queryKey: adminKeys.settings,
    queryFn: ({ signal }) => getAdminSettings(signal),
    staleTime: 0,
  });

export const useAdminSettings = () => useQuery(adminSettingsQuery());

export const setMinimumTransactionAmount = (minimumTransactionAmount: string) =>
  api.post<string>('Admin/minimumTransactionAmount', { minimumTransactionAmount });
export const setFeeRate = (feeRate: string) => api.post<string>('Admin/conversionFee', { feeRate });
export const setChatWidgetKey = (chatWidgetKey: string) =>
  api.post<string>('Admin/chatWidgetKey', { chatWidgetKey });

/** One setting's save: updates the cached value and the public settings every page reads. */
function useSaveSetting<K extends keyof AdminSettings>(key: K, save: (value: string) => Promise<string>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (value) => {
      qc.setQueryData<AdminSettings>(adminKeys.settings, (s) => (s ? { ...s, [key]: value } : s));
      void qc.invalidateQueries({ queryKey: ['settings'] });
      void qc.invalidateQueries({ queryKey: adminKeys.auditAll });
    },
  });
}

export const useSaveMinimum = () => useSaveSetting('minimumTransactionAmount', setMinimumTransactionAmount);
export const useSaveFeeRate = () => useSaveSetting('feeRate', setFeeRate);
export const useSaveChatKey = () => useSaveSetting('chatWidgetKey', setChatWidgetKey);
