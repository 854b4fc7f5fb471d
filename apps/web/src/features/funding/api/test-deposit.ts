import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST Payment/crypto/testDeposit (demo mode only): the local chain sends to the user's own address. */
export const sendUserTestDeposit = (body: { assetId: string; amount: string }) =>
  api.post<{ transactionHash: string }>('Payment/crypto/testDeposit', body);

export const useSendUserTestDeposit = () => useMutation({ mutationFn: sendUserTestDeposit });
