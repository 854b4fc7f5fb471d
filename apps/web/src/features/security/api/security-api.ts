import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, SecurityEvents } from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import type {
  PasskeyAddResponse,
  PasskeyCreationOptions,
  PasskeyLoginOptions,
  PasskeyRequestOptions,
  TotpSetup,
  TwoFactorStatus,
} from './security-types';

export const securityKeys = {
  status: ['security', 'status'] as const,
  events: ['security', 'events'] as const,
};

/** GET User/2fa: the factors the account has (the authenticator, its passkeys, recovery codes left). */
export const twoFactorQueryOptions = () =>
  queryOptions({
    queryKey: securityKeys.status,
    queryFn: ({ signal }) => api.get<TwoFactorStatus>('User/2fa', { signal }),
  });

/** GET User/security-events: the account's security history, newest first. */
export const securityEventsQueryOptions = () =>
  queryOptions({
    queryKey: securityKeys.events,
    queryFn: async ({ signal }) => (await api.get<SecurityEvents>('User/security-events', { signal })).events,
  });

export const useTwoFactor = () => useQuery(twoFactorQueryOptions());
export const useSecurityEvents = () => useQuery(securityEventsQueryOptions());

/** After any change of factors: the status and the history both moved. */
function useRefreshSecurity() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['security'] });
}

/** POST User/2fa/totp/setup: a new secret, not active until a first code is given. */
export const useTotpSetup = () =>
  useMutation({ mutationFn: () => api.post<TotpSetup>('User/2fa/totp/setup') });

/** POST User/2fa/totp/enable { code }: turns the authenticator on; answers the ten recovery codes. */
export function useTotpEnable() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (code: string) => api.post<{ recoveryCodes: string[] }>('User/2fa/totp/enable', { code }),
    onSuccess: () => refresh(),
  });
}

/** POST User/2fa/totp/disable { code }. */
export function useTotpDisable() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (code: string) => api.post<null>('User/2fa/totp/disable', { code }),
    onSuccess: () => refresh(),
  });
}

/** POST User/passkeys/options: the creation options for a new passkey of this account. */
export const passkeyCreationOptions = () => api.post<PasskeyCreationOptions>('User/passkeys/options');

/** POST User/passkeys { name, response }: keeps the passkey the browser made. */
export function useAddPasskey() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (body: { name: string; response: unknown }) =>
      api.post<PasskeyAddResponse>('User/passkeys', body),
    onSuccess: () => refresh(),
  });
}

/** DELETE User/passkeys/{id} (a second factor is asked for by the step-up dialog). */
export function useRemovePasskey() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`User/passkeys/${encodeURIComponent(id)}`),
    onSuccess: () => refresh(),
  });
}

/** POST User/2fa/passkey/options: a challenge for a step-up with a passkey of the account. */
export const stepUpPasskeyOptions = () => api.post<PasskeyRequestOptions>('User/2fa/passkey/options');

/** POST Auth/passkey/options: a challenge for signing in with a passkey and no password. */
export const passkeyLoginOptions = () => api.post<PasskeyLoginOptions>('Auth/passkey/options');

/** POST Auth/passkey { challengeId, response }: signs in with a passkey and no password. */
export const signInWithPasskey = (challengeId: string, response: unknown) =>
  api.post<AuthResponse>('Auth/passkey', { challengeId, response });

/** POST Auth/2fa: the sign-in's second step, with a code, a recovery code or a passkey. */
export const completeSignIn = (
  body: { challengeId: string } & ({ code: string } | { recoveryCode: string } | { passkey: unknown }),
) => api.post<AuthResponse>('Auth/2fa', body);
