import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST User/resetPassword: e-mails a reset link when the address has an account; answers null either way. */
export const resetPassword = (body: { email: string }) => api.post<null>('User/resetPassword', body);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
