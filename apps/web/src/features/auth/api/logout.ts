import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST Auth/logout: revokes the refresh cookie on the server; the caller clears the local session. */
export const logout = () => api.post<null>('Auth/logout');

export const useLogout = () => useMutation({ mutationFn: logout });
