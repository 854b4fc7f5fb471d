import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginRequest } from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import type { TwoFactorChallenge } from '../../security/api/security-types';

/**
 * POST Auth: e-mail and password for an access token (the refresh cookie is set by the server), or,
 * when the account has a second factor, the challenge of the sign-in's second step (POST Auth/2fa).
 */
export const login = (body: LoginRequest) => api.post<AuthResponse | TwoFactorChallenge>('Auth', body);

export const useLogin = () => useMutation({ mutationFn: login });
