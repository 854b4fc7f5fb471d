// Who is calling: the kinds of access a route declares, the caller each kind sets on the request
// (auth plugin), and the accessors routes read them with.
import type { PartnerKeyScope, Role } from '@vaultline/shared';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors';

/** Who may call a route. Every route under /api must declare it (checked at startup). */
export type Access = 'public' | 'user' | 'premium' | 'admin' | 'partner';

/** The caller of a partner API route (access 'partner'): the API key's partner, key and scopes. */
export interface PartnerCaller {
  partnerId: string;
  keyId: string;
  scopes: PartnerKeyScope[];
}

export interface AuthUser {
  id: string;
  email: string;
  role: Role;
  premium: boolean;
}

/** What the auth plugin needs to know about a user on each request. */
export interface AuthState extends AuthUser {
  active: boolean;
  tokenVersion: number;
}

/**
 * A caller whose token is valid but whose account state the route's own SQL checks (active, token
 * version) in the statement that does the work: the hot money calls save a round trip this way.
 */
export interface TokenUser {
  id: string;
  tokenVersion: number;
}

/**
 * Throws the error a caller gets when their account is gone, disabled, or their token was revoked
 * (a newer token version); also used by in-query routes once their statement refused the caller.
 */
export function assertAccountUsable(
  state: AuthState | undefined,
  tokenVersion: number,
): asserts state is AuthState {
  if (!state) throw unauthorized('Invalid access token', 'TOKEN_INVALID');
  if (!state.active)
    throw forbidden('Your account has been disabled. Please contact our support.', 'ACCOUNT_DISABLED');
  if (state.tokenVersion !== tokenVersion)
    throw unauthorized('Your session has ended, please log in again', 'TOKEN_REVOKED');
}

/** The caller of a route with userCheck 'in-query' (token verified; account checked by its SQL). */
export function requireTokenUser(req: FastifyRequest): TokenUser {
  if (!req.tokenUser) throw unauthorized();
  return req.tokenUser;
}

/** The partner (API key) of a route with access 'partner'. */
export function requirePartnerKey(req: FastifyRequest): PartnerCaller {
  if (!req.partner) throw unauthorized('The API key is missing, unknown or revoked', 'API_KEY_INVALID');
  return req.partner;
}

/** The signed-in user of a route whose access is not public. */
export function requireUser(req: FastifyRequest): AuthUser {
  if (!req.auth) throw unauthorized();
  return req.auth;
}
