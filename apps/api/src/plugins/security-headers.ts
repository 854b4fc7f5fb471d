import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, computed once at start: with a fixed policy (no nonces) they are the same for
 * every response, so running helmet per request only costs time (~50 us a request here, see
 * docs/performance.md and docs/decisions/0005).
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { isProduction: boolean }) => {
  const headers = computeSecurityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://code.tidio.co', 'https://widget-v4.tidiochat.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https://*.tidio.co', 'wss://*.tidio.co'],
        frameSrc: ["'self'", 'https://*.tidio.co'],
        upgradeInsecureRequests: opts.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
});
