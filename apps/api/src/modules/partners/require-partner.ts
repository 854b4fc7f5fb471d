import { PARTNER_ERRORS } from '@vaultline/shared';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/errors';
import { requireUser } from '../../plugins/auth-caller';
import { findPartner } from './partners.repository';

/** One lookup per request: the area's hook checks first, the handler's call reuses the answer. */
const checked = new WeakMap<FastifyRequest, Promise<{ userId: string }>>();

/**
 * The guard of the partner area (/api/partner/*): the route declares `config.access: 'user'` (the
 * auth plugin has then checked the session and the account), and this checks the account is a
 * partner. Throws 401 without a signed-in user, 403 NOT_PARTNER for any other account.
 * One indexed lookup (the partners primary key): an admin's change applies on the next call.
 */
export function requirePartner(req: FastifyRequest): Promise<{ userId: string }> {
  let result = checked.get(req);
  if (!result) {
    result = lookUp(req);
    checked.set(req, result);
  }
  return result;
}

async function lookUp(req: FastifyRequest): Promise<{ userId: string }> {
  const user = requireUser(req);
  const partner = await findPartner(req.server.services.db, user.id);
  if (!partner) throw forbidden(PARTNER_ERRORS.notPartner, 'NOT_PARTNER');
  return { userId: partner.userId };
}

/** True for the partner area's paths (not the partner API, /api/v1, which takes API keys). */
export const isPartnerArea = (url: string | undefined) =>
  url === '/api/partner' || (url?.startsWith('/api/partner/') ?? false);

/**
 * onRequest hook of partnerRoutes: every partner-area route is refused to non-partners before its
 * input is parsed (a non-partner learns nothing from it, not even validation messages), as the
 * authorization matrix checks by path. Runs after the auth plugin's own onRequest hook.
 */
export async function partnerAreaGuard(req: FastifyRequest): Promise<void> {
  if (isPartnerArea(req.routeOptions.url)) await requirePartner(req);
}
