import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';

/** The IETF draft's names (RateLimit-Limit/-Remaining/-Reset), for the partner API only. */
const labels = {
  rateLimit: 'ratelimit-limit',
  rateRemaining: 'ratelimit-remaining',
  rateReset: 'ratelimit-reset',
  retryAfter: 'retry-after',
};
const headers = { 'ratelimit-limit': true, 'ratelimit-remaining': true, 'ratelimit-reset': true };

/** The header a partner's server sets to the address of the end user it calls for. */
export const END_USER_IP_HEADER = 'x-end-user-ip';

/**
 * The end user's address when the partner sent a valid one; undefined otherwise (a bad or missing
 * header falls back to the key alone rather than failing the call).
 */
export function endUserIp(req: FastifyRequest): string | undefined {
  const raw = req.headers[END_USER_IP_HEADER];
  const value = typeof raw === 'string' ? raw.trim().toLowerCase() : undefined;
  return value && value.length <= 45 && isIP(value) ? value : undefined;
}

/**
 * Route config for @fastify/rate-limit on a partner API route (access 'partner'), counted per API
 * key; `perEndUser` (for creates) counts per key and end user. The count is in Redis when
 * REDIS_URL is set, so every instance shares it. Put it as `config.rateLimit`.
 */
export function partnerRateLimit(max: number, windowMs: number, opts: { perEndUser?: boolean } = {}) {
  return {
    max,
    timeWindow: windowMs,
    // The auth plugin's onRequest hook (app level) runs before this route-level one: req.partner is set.
    keyGenerator: (req: FastifyRequest) => {
      const keyId = req.partner?.keyId ?? `ip:${req.ip}`;
      const user = opts.perEndUser ? endUserIp(req) : undefined;
      return user ? `pk:${keyId}:u:${user}` : `pk:${keyId}`;
    },
    labels,
    addHeaders: { ...headers, 'retry-after': true },
    addHeadersOnExceeding: headers,
    errorResponseBuilder: (_req: FastifyRequest, ctx: { after: string; ttl: number }) =>
      new AppError(429, 'RATE_LIMITED', `Too many requests. Please try again in ${ctx.after}.`, undefined, {
        seconds: Math.max(1, Math.ceil(ctx.ttl / 1000)),
      }),
  };
}

/** The configured limits: `read` for every partner API call, `create` for creates (per end user). */
export function partnerRateLimits(config: Pick<Config, 'partnerRateLimit'>) {
  const { max, createMax, windowMs } = config.partnerRateLimit;
  return {
    read: partnerRateLimit(max, windowMs),
    create: partnerRateLimit(createMax, windowMs, { perEndUser: true }),
  };
}
