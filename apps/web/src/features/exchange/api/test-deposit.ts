import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST PublicExchange/testDeposit (demo mode only): the local development chain sends the
 * exchange's deposit; the server refuses it outside demo mode (403 DEMO_ONLY).
 */
export const sendTestDeposit = (body: { exchangeId: string; amount?: string }) =>
  api.post<{ transactionHash: string }>('PublicExchange/testDeposit', body);

export const useSendTestDeposit = () => useMutation({ mutationFn: sendTestDeposit });
