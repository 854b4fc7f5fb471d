import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Session } from './auth.service';

export const REFRESH_COOKIE = 'refresh_token';
/** The cookie only travels to the Auth calls (refresh, logout), never to the rest of the API. */
const REFRESH_COOKIE_PATH = '/api/Auth';

export function setRefreshCookie(
  reply: FastifyReply,
  session: Session,
  config: Pick<Config, 'isProduction'>,
) {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isProduction,
    expires: session.refreshExpiresAt,
  });
}

export function clearRefreshCookie(reply: FastifyReply, config: Pick<Config, 'isProduction'>) {
  reply.clearCookie(REFRESH_COOKIE, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isProduction,
  });
}

export const readRefreshCookie = (req: FastifyRequest): string | undefined => req.cookies[REFRESH_COOKIE];

/** Where a request came from, for the security history and the "new sign-in" e-mail. */
export const originOf = (req: FastifyRequest) => ({
  userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
  ip: req.ip ?? null,
});
