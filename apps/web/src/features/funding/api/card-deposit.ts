import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardDepositRequest } from '@vaultline/shared';
import { api } from '../../../lib/api-client';

/** POST Payment/card/deposit (user): charges the card through the gateway and credits the wallet. */
export const cardDeposit = (body: CardDepositRequest) => api.post<string>('Payment/card/deposit', body);

export function useCardDeposit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cardDeposit,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['wallets'] }),
  });
}
