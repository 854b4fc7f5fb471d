import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * A guest's exchange calls, also made from the embeddable widget: framed on a partner's site, our
 * SameSite=Strict cookie is neither set nor sent, so there is nothing to echo. Without an
 * Authorization header these calls carry no credential at all (they read no cookie): a forged one
 * is only the anonymous call anyone can make, so the check is skipped for them (decision 0036).
 */
const GUEST_EXCHANGE_CALLS = new Set([
  '/api/PublicExchange/createExchange',
  '/api/PublicExchange/confirmTransaction',
]);

/**
 * Double-submit cookie: the server issues a random XSRF-TOKEN cookie (readable by the app) and every
 * state-changing call must echo it in X-XSRF-TOKEN. A cross-site page can send the cookie but cannot
 * read it, so it cannot forge the header.
 */
export const xsrfPlugin = fp(async (app: FastifyInstance, opts: { secure: boolean }) => {
  app.addHook('onRequest', (req, reply, done) => {
    // The partner API is called by servers with an API key in a header a browser never adds by
    // itself: no cookie to forge, so no XSRF check and no cookie issued (decision 0033).
    if (req.routeOptions.config?.access === 'partner') return done();
    const cookie = req.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure: opts.secure,
        httpOnly: false,
      });
    }
    if (SAFE_METHODS.has(req.method) || !req.url.startsWith('/api/')) return done();
    if (!req.headers.authorization && GUEST_EXCHANGE_CALLS.has(req.url.split('?')[0] ?? '')) return done();
    // A payment gateway's webhook is not a browser's call: its signature is its credential.
    if (req.routeOptions.config?.ownCredential === 'gateway-signature') return done();
    const header = req.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
      return done(forbidden('Missing or invalid XSRF token; reload the page and try again', 'XSRF'));
    }
    done();
  });
});

function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
