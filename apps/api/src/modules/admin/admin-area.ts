import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../lib/errors';
import type { TokenService } from '../../lib/tokens';
import { type AuthState, assertAccountUsable } from '../../plugins/auth-caller';
import { twoFactorRequired } from '../../plugins/step-up';
import { auditRoutes } from '../audit/audit.routes';
import { adminChainRoutes } from '../chain/chain.routes';
import { adminSweepRoutes } from '../chain/sweep.routes';
import { adminExchangeRoutes } from '../exchange/admin-exchange.routes';
import { adminExchangeReceivedRoutes } from '../exchange/admin-exchange-received.routes';
import { adminDepositsRoutes } from '../funding/admin-deposits.routes';
import { adminPartnerRoutes } from '../partners/admin-partners.routes';
import { adminPartnerListRoutes } from '../partners/earnings/admin-partner-list.routes';
import { adminPaymentsRoutes } from '../payments/admin-payments.routes';
import { adminTwoFactorRoutes } from '../two-factor/two-factor.routes';
import { adminWithdrawalSentRoutes } from '../withdrawals/admin-withdrawal-sent.routes';
import { adminWithdrawalRoutes } from '../withdrawals/admin-withdrawals.routes';
import { adminRoutes } from './admin.routes';
import { adminSettingsRoutes } from './admin-settings.routes';

interface Guard {
  tokens: TokenService;
  loadAuthState(userId: string): Promise<AuthState | undefined>;
  /** With ADMIN_REQUIRE_2FA: an admin without a second factor is refused (issue 30). */
  requireFactor: ((userId: string) => Promise<boolean>) | null;
}

/**
 * The caller must be a signed-in, active admin (role read from the database, not the token). Runs
 * at onRequest, before the route's input is even parsed, so nobody else learns anything from an
 * admin call, not even its validation messages. Same refusals as the auth plugin.
 */
async function requireAdmin(req: FastifyRequest, guard: Guard): Promise<void> {
  const header = req.headers.authorization;
  if (!header) throw unauthorized();
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token)
    throw unauthorized('Invalid authorization header', 'TOKEN_INVALID');
  const claims = await guard.tokens.verify(token);
  if ('error' in claims) {
    throw claims.error === 'expired'
      ? unauthorized('Your session has expired, please log in again', 'TOKEN_EXPIRED')
      : unauthorized('Invalid access token', 'TOKEN_INVALID');
  }
  const state = await guard.loadAuthState(claims.sub);
  assertAccountUsable(state, claims.ver);
  if (state.role !== 'admin') throw forbidden();
  if (guard.requireFactor && !(await guard.requireFactor(state.id))) throw twoFactorRequired();
}

/** Every module's admin routes (spec-2 §7 admin calls and the back office's own). */
export const ADMIN_MODULES: readonly FastifyPluginAsync[] = [
  adminRoutes,
  adminSettingsRoutes,
  auditRoutes,
  adminDepositsRoutes,
  adminExchangeRoutes,
  adminExchangeReceivedRoutes,
  adminChainRoutes,
  adminSweepRoutes,
  adminPaymentsRoutes,
  adminPartnerRoutes,
  adminPartnerListRoutes,
  adminTwoFactorRoutes,
  adminWithdrawalRoutes,
  adminWithdrawalSentRoutes,
];

/**
 * The back office (spec-2 admin area, DECISIONS §7 "admin calls require the admin role on the
 * server"): every admin route module is registered here, under ONE guard at the root. The guard
 * comes on top of each route's `config.access: 'admin'` (the auth plugin checks that again), and a
 * route registered here without that declaration stops the server from starting.
 */
export async function adminArea(
  app: FastifyInstance,
  opts: { modules?: readonly FastifyPluginAsync[] } = {},
) {
  const { tokens, account, twoFactor } = app.services;
  const guard: Guard = {
    tokens,
    loadAuthState: (id) => account.loadAuthState(id),
    requireFactor: twoFactor.adminRequired ? (id) => twoFactor.hasFactor(id) : null,
  };

  app.addHook('onRoute', (route) => {
    if (route.config?.access !== 'admin')
      throw new Error(
        `Route ${route.method} ${route.url} is in the admin area but not declared access 'admin'`,
      );
  });
  app.addHook('onRequest', (req) => requireAdmin(req, guard));

  for (const module of opts.modules ?? ADMIN_MODULES) await app.register(module);
}
