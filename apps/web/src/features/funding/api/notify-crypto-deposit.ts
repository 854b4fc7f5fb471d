import { useMutation } from '@tanstack/react-query';
import type { CryptoNotifyRequest } from '@vaultline/shared';
import { api } from '../../../lib/api-client';

/** POST Payment/crypto/notify (user): "I sent this much, here is the hash"; an admin verifies it. */
export const notifyCryptoDeposit = (body: CryptoNotifyRequest) =>
  api.post<string>('Payment/crypto/notify', body);

export const useNotifyCryptoDeposit = () => useMutation({ mutationFn: notifyCryptoDeposit });
