import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginRequest } from '@vaultline/shared';
import { api } from '../../../lib/api-client';

/** POST Auth: e-mail and password for an access token (the refresh cookie is set by the server). */
export const login = (body: LoginRequest) => api.post<AuthResponse>('Auth', body);

export const useLogin = () => useMutation({ mutationFn: login });
