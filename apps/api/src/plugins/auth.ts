import type { PartnerKeyScope, TwoFactorProof } from '@vaultline/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors';
import type { AccessClaims, TokenService } from '../lib/tokens';
import {
  type Access,
  type AuthState,
  type AuthUser,
  assertAccountUsable,
  type PartnerCaller,
  type TokenUser,
} from './auth-caller';
import {
  type StepUp,
  type StepUpVerifier,
  stepUpBeforeInput,
  stepUpWithProof,
  takeStepUpProof,
  twoFactorRequired,
} from './step-up';

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
    /** A second factor recently given (issue 30); a `twoFactor` field in the body may give it. */
    stepUp?: StepUp;
    /** A body field whose authenticator code is the step-up itself (e.g. turning the authenticator off). */
    stepUpCodeField?: string;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
    /** The session (refresh-token family) of the caller's access token. */
    sessionId: string | null;
    /** The `twoFactor` field taken out of a step-up route's body. */
    twoFactorProof: TwoFactorProof | null;
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
  /** Needed only when a route declares stepUp. */
  stepUp?: StepUpVerifier;
  /** ADMIN_REQUIRE_2FA: every admin route refuses an admin for whom this answers false. */
  adminHasFactor?: ((userId: string) => Promise<boolean>) | null;
}

/**
 * Reads the bearer token, re-checks the user in the database on every request (so a deactivated
 * account or a changed password takes effect at once) and enforces the route's declared access.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: AuthPluginOptions) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('tokenUser', null);
  app.decorateRequest('partner', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('twoFactorProof', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api') && !route.url.startsWith('/api/docs') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
    if (route.config?.userCheck && route.config.access !== 'user') {
      throw new Error(`Route ${route.method} ${route.url}: userCheck 'in-query' needs access 'user'`);
    }
    if (route.config?.stepUp && (route.config.access === 'partner' || route.config.userCheck)) {
      throw new Error(`Route ${route.method} ${route.url}: stepUp needs a signed-in caller (req.auth)`);
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
    req.sessionId = claims.sid ?? null;
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

  // Step-up: the `twoFactor` field leaves the body before the route's schema reads it. A caller
  // with no factor, or none given recently and none in the request, is answered at once; a factor
  // given in the request is checked once the route's own input is valid (a bad request spends none).
  app.addHook('preValidation', async (req) => {
    const mode = req.routeOptions.config?.stepUp;
    if (!mode || !req.auth) return;
    if (!opts.stepUp) throw new Error('stepUp routes need the stepUp option of the auth plugin');
    takeStepUpProof(req);
    await stepUpBeforeInput(opts.stepUp, req, mode);
  });

  app.addHook('preHandler', async (req) => {
    const mode = req.routeOptions.config?.stepUp;
    if (!mode || !req.auth || !req.twoFactorProof || !opts.stepUp) return;
    await stepUpWithProof(opts.stepUp, req);
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
    if (access === 'admin' && opts.adminHasFactor && !(await opts.adminHasFactor(user.id)))
      throw twoFactorRequired();
    if (access === 'premium' && !user.premium)
      throw forbidden('This needs a premium subscription', 'PREMIUM_REQUIRED');
    req.auth = user;
  }
});
