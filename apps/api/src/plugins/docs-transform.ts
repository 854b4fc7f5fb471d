import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type Security = NonNullable<FastifySchema['security']>;

/** The security schemes the transform below refers to (the document's components). */
export const securitySchemes = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  partnerKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'vl_ API key',
    description: 'A partner API key (`Authorization: Bearer vl_...`), for the partner API under /api/v1',
  },
  refreshCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'refresh_token',
    description: 'The refresh token the sign-in calls set (HttpOnly cookie)',
  },
} as const;

/**
 * What the document says about a route's credentials, from the access it declares (the one the auth
 * plugin enforces), so the two cannot drift apart. A route that states its own `security` keeps it.
 */
export function securityOf(config: { access?: string; ownCredential?: string } | undefined): Security {
  if (config?.ownCredential === 'refresh-cookie') return [{ refreshCookie: [] }];
  // Signed by the gateway; the signature is the documented Stripe-Signature header parameter.
  if (config?.ownCredential === 'gateway-signature') return [];
  // A guest may call it; a valid token, when sent, is recognised (e.g. to show the caller's amounts).
  if (config?.access === 'public') return [{}, { bearer: [] }];
  if (config?.access === 'partner') return [{ partnerKey: [] }];
  return [{ bearer: [] }];
}

const pascal = (word: string) =>
  word
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/**
 * A route's operationId from its method and path ("GET /api/Wallets/wallet/:id" → getWalletsWalletById),
 * so every operation has one (clients name their calls by it) and it changes only with the path. A
 * route may set its own; one route serving several methods gets none (they would share it).
 */
export function operationIdOf(method: string | string[], url: string): string | undefined {
  if (Array.isArray(method) && method.length !== 1) return undefined;
  const verb = String(Array.isArray(method) ? method[0] : method).toLowerCase();
  const parts = url
    .replace(/^\/api(?=\/)/, '')
    .split('/')
    .map((seg) => (seg.startsWith(':') ? `By${pascal(seg.slice(1))}` : pascal(seg)));
  return verb + parts.join('');
}

/**
 * The OpenAPI transform: zod schemas to JSON Schema, credentials from `config.access`, an operationId
 * for each, and only the API itself: routes outside /api (the test gateway's HTML pages, /metrics) are
 * not part of it.
 */
export const docsTransform: SwaggerTransform = (input) => {
  const { schema, url, route } = input;
  if (!url.startsWith('/api/')) return { schema: { ...schema, hide: true }, url };
  const out = jsonSchemaTransform(input);
  if (out.schema.hide) return out;
  const security = out.schema.security ?? securityOf(route.config);
  const operationId = out.schema.operationId ?? operationIdOf(route.method, url);
  return { schema: { ...out.schema, security, ...(operationId ? { operationId } : {}) }, url: out.url };
};
