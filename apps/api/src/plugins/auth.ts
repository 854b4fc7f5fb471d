import type { PartnerKeyScope, Role } from '@vaultline/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors';
import type { AccessClaims, TokenService } from '../lib/tokens';

/** Who may call a route. Every route under /api must declare it (checked at startup). */
export type Access = 'public' | 'user' | 'premium' | 'admin' | 'partner';

/** The caller of a partner API route (access 'partner'): the API key's partner, key and scopes. */
export interface PartnerCaller {
  partnerId: string;
  keyId: string;
  scopes: PartnerKeyScope[];
}

/** Recognises a partner API key (`Bearer vl_...`); undefined for a missing, unknown or revoked key. */
export interface ApiKeyAuthenticator {
  authenticate(key: string): Promise<PartnerCaller | undefined>;
}

/** Counts API keys that fail to authenticate, per client address (partners/partner-rate-limit.ts). */
export interface KeyFailureLimit {
  /** Throws 429 when the caller's address has already failed too often (before any lookup). */
  check(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Counts one key that did not authenticate. */
  failed(req: FastifyRequest): Promise<void>;
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

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * 'in-query': for access 'user' only, the plugin verifies the token (signature, expiry) and the
     * route's statement checks the account (see TokenUser); the route then reads `req.tokenUser`.
     */
    userCheck?: 'in-query';
    /**
     * A public route that checks a credential of its own (the refresh cookie) and answers 401 when
     * it is missing or wrong; declared for the authorization matrix test.
     */
    ownCredential?: 'refresh-cookie' | 'metrics-token' | 'gateway-signature';
    /** For access 'partner' (an API key, not a session): the scope the key must have. */
    partnerScope?: PartnerKeyScope;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
    tokenUser: TokenUser | null;
    /** Set on routes with access 'partner' once the API key is recognised. */
    partner: PartnerCaller | null;
  }
}

export interface AuthPluginOptions {
  tokens: TokenService;
  loadAuthState(userId: string): Promise<AuthState | undefined>;
  /** Needed only when a route declares access 'partner'. */
  apiKeys?: ApiKeyAuthenticator;
  /** Slows down an address that sends keys that are not valid (a key cannot be guessed at speed). */
  keyFailures?: KeyFailureLimit;
}

/**
 * Reads the bearer token, re-checks the user in the database on every request (so a deactivated
 * account or a changed password takes effect at once) and enforces the route's declared access.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: AuthPluginOptions) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('tokenUser', null);
  app.decorateRequest('partner', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api') && !route.url.startsWith('/api/docs') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
    if (route.config?.userCheck && route.config.access !== 'user') {
      throw new Error(`Route ${route.method} ${route.url}: userCheck 'in-query' needs access 'user'`);
    }
    if ((route.config?.access === 'partner') !== (route.config?.partnerScope !== undefined)) {
      throw new Error(`Route ${route.method} ${route.url}: access 'partner' goes with a partnerScope`);
    }
  });

  async function verifyToken(req: FastifyRequest): Promise<AccessClaims | null> {
    const header = req.headers.authorization;
    if (!header) return null;
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token)
      throw unauthorized('Invalid authorization header', 'TOKEN_INVALID');
    const claims = await opts.tokens.verify(token);
    if ('error' in claims) {
      throw claims.error === 'expired'
        ? unauthorized('Your session has expired, please log in again', 'TOKEN_EXPIRED')
        : unauthorized('Invalid access token', 'TOKEN_INVALID');
    }
    return claims;
  }

  async function resolve(req: FastifyRequest): Promise<AuthUser | null> {
    const claims = await verifyToken(req);
    if (!claims) return null;
    const state = await opts.loadAuthState(claims.sub);
    assertAccountUsable(state, claims.ver);
    return { id: state.id, email: state.email, role: state.role, premium: state.premium };
  }

  // At onRequest, before the body is parsed or validated: a caller without the access a route
  // declares learns nothing from it, not even its validation messages (authorization matrix test).
  // A callback hook: a guest's call to a public route (the hot reads) takes no promise hop here.
  app.addHook('onRequest', (req, reply, done) => {
    const access = req.routeOptions.config?.access;
    if (!access || (access === 'public' && !req.headers.authorization)) return done();
    if (access === 'partner') {
      authorizeKey(req, reply).then(() => done(), done);
      return;
    }
    // The hot money calls with a token verified before: no promise hop (their SQL checks the account).
    if (req.routeOptions.config.userCheck === 'in-query') {
      const claims = knownBearer(req);
      if (claims) {
        req.tokenUser = { id: claims.sub, tokenVersion: claims.ver };
        return done();
      }
    }
    authorize(req, access).then(() => done(), done);
  });

  function knownBearer(req: FastifyRequest): AccessClaims | undefined {
    const header = req.headers.authorization;
    return header?.startsWith('Bearer ') ? opts.tokens.verifiedBefore(header.slice(7)) : undefined;
  }

  // API keys only (a session token is refused here): SHA-256 and one indexed lookup per request,
  // nothing cached, so a revoked key is refused at once on every instance (decision 0033). Each key
  // sent that is not valid counts against the client's address (a missing header guesses nothing).
  async function authorizeKey(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const header = req.headers.authorization;
    const key = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    if (!opts.apiKeys) throw new Error('access partner needs the apiKeys option of the auth plugin');
    if (key) await opts.keyFailures?.check(req, reply);
    const caller = key ? await opts.apiKeys.authenticate(key) : undefined;
    if (!caller) {
      if (key) await opts.keyFailures?.failed(req);
      throw unauthorized('The API key is missing, unknown or revoked', 'API_KEY_INVALID');
    }
    const scope = req.routeOptions.config.partnerScope;
    if (!scope || !caller.scopes.includes(scope))
      throw forbidden(`This API key does not have the "${scope}" scope`, 'API_KEY_SCOPE', {
        scope: scope ?? '',
      });
    req.partner = caller;
  }

  async function authorize(req: FastifyRequest, access: Access): Promise<void> {
    if (req.routeOptions.config.userCheck === 'in-query') {
      const claims = await verifyToken(req);
      if (!claims) throw unauthorized();
      req.tokenUser = { id: claims.sub, tokenVersion: claims.ver };
      return;
    }
    if (access === 'public') {
      // A guest call still recognises a valid token (e.g. to show the user's own amounts).
      req.auth = await resolve(req).catch(() => null);
      return;
    }
    const user = await resolve(req);
    if (!user) throw unauthorized();
    if (access === 'admin' && user.role !== 'admin') throw forbidden();
    if (access === 'premium' && !user.premium)
      throw forbidden('This needs a premium subscription', 'PREMIUM_REQUIRED');
    req.auth = user;
  }
});

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
