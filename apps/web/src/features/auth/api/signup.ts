import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, SignupRequest } from '@vaultline/shared';
import { api } from '../../../lib/api-client';

/** POST Auth/signup: creates the account and signs it in. */
export const signup = (body: SignupRequest) => api.post<AuthResponse>('Auth/signup', body);

export const useSignup = () => useMutation({ mutationFn: signup });
