import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import type { KeyFailureLimit } from '../../plugins/auth';

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
      tooMany(ctx.ttl, ctx.after),
  };
}

/** The partner API's 429, in the envelope (the wait as a param for the client's own words). */
function tooMany(ttlMs: number, after?: string): AppError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  const wait = after ?? (seconds < 60 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`);
  return new AppError(429, 'RATE_LIMITED', `Too many requests. Please try again in ${wait}.`, undefined, {
    seconds,
  });
}

/** A limiter made with @fastify/rate-limit's createRateLimit (its store: Redis when configured). */
type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type Outcome = Awaited<ReturnType<Limiter>>;
type Counted = Extract<Outcome, { isAllowed: false }>;

/** Answers 429 with the limit's headers when `r` is past its limit; nothing otherwise. */
function refuseIfOver(reply: FastifyReply, r: Outcome, over: (r: Counted) => boolean) {
  if (r.isAllowed || !over(r)) return;
  const seconds = Math.max(1, Math.ceil(r.ttl / 1000));
  reply.header('ratelimit-limit', r.max).header('ratelimit-remaining', 0).header('ratelimit-reset', seconds);
  reply.header('retry-after', seconds);
  throw tooMany(r.ttl);
}

/**
 * The cap on a key's creates (quotes and exchanges together), counted whatever X-End-User-IP says,
 * so naming a new end user on each call cannot lift it; the per-end-user count of `create` comes on
 * top. A route-level onRequest hook: the auth plugin's app-level one has set req.partner.
 */
export function keyCreateLimit(app: FastifyInstance, config: Pick<Config, 'partnerRateLimit'>) {
  const { keyCreateMax, windowMs } = config.partnerRateLimit;
  const limiter = app.createRateLimit({
    max: keyCreateMax,
    timeWindow: windowMs,
    keyGenerator: (req: FastifyRequest) => `pkc:${req.partner?.keyId ?? `ip:${req.ip}`}`,
  });
  return async (req: FastifyRequest, reply: FastifyReply) => {
    refuseIfOver(reply, await limiter(req), (r) => r.isExceeded);
  };
}

/**
 * Failed API-key checks per client address (the auth plugin's `keyFailures`): an address that sent
 * `failureMax` keys that are not valid within the window gets 429 for anything it sends next, before
 * its key is even looked up, so keys cannot be guessed at speed; other addresses are not touched.
 */
export function keyFailureLimit(
  app: FastifyInstance,
  config: Pick<Config, 'partnerRateLimit'>,
): KeyFailureLimit {
  const { failureMax, windowMs } = config.partnerRateLimit;
  const limiter = app.createRateLimit({
    max: failureMax,
    timeWindow: windowMs,
    keyGenerator: (req: FastifyRequest) => `pkfail:${req.ip}`,
  });
  return {
    async check(req, reply) {
      refuseIfOver(reply, await limiter(req, { increment: false }), (r) => r.remaining <= 0);
    },
    async failed(req) {
      await limiter(req);
    },
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
