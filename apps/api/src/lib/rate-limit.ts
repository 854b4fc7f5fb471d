import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from './errors';

/**
 * Per-route limit for public calls that an attacker could repeat (credentials, password reset,
 * newsletter sign-up); the 429 goes through the error handler's envelope, with the seconds to wait
 * as a param so the client can say it in the user's language.
 */
export function attemptRateLimit(config: Pick<Config, 'authRateLimit'>) {
  return limitOf(config.authRateLimit);
}

/**
 * Per-route limit for the other public calls that write or look things up (a guest exchange, its
 * confirmation, the lookup by ids, logout): looser than the credential calls, but no anonymous
 * caller can write without bound (security/earlier-holes.test.ts walks the route table for it).
 */
export function guestRateLimit(config: Pick<Config, 'guestRateLimit'>) {
  return limitOf(config.guestRateLimit);
}

/** The payment gateways' webhooks: generous (a gateway sends bursts, and retries a refusal later). */
export function webhookRateLimit(config: Pick<Config, 'webhookRateLimit'>) {
  return limitOf(config.webhookRateLimit);
}

function limitOf(limit: { max: number; timeWindow: string }) {
  return {
    max: limit.max,
    timeWindow: limit.timeWindow,
    errorResponseBuilder: (_req: FastifyRequest, ctx: { after: string; ttl: number }) =>
      new AppError(429, 'RATE_LIMITED', `Too many attempts. Please try again in ${ctx.after}.`, undefined, {
        seconds: Math.max(1, Math.ceil(ctx.ttl / 1000)),
      }),
  };
}
