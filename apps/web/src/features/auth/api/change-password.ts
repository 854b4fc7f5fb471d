import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, ChangePasswordRequest } from '@vaultline/shared';
import { api } from '../../../lib/api-client';

/**
 * POST User/changePassword, with the e-mailed token (email + token; answers null) or signed in with
 * the current password (answers a fresh token, since every earlier session is revoked).
 */
export const changePassword = (body: ChangePasswordRequest) =>
  api.post<AuthResponse | null>('User/changePassword', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
