import {
  ADMIN_PATHS,
  auditLogPageSchema,
  auditLogQuerySchema,
  envelopeOf,
  errorEnvelopeSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';

/** GET Admin/auditLog: every admin change, newest first, one page at a time. */
export async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { audit } = app.services;

  app.get(ADMIN_PATHS.auditLog, {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Admin changes, newest first (optionally of one action or one target), paginated',
      querystring: auditLogQuerySchema,
      response: {
        200: envelopeOf(auditLogPageSchema),
        '4xx': errorEnvelopeSchema,
        '5xx': errorEnvelopeSchema,
      },
    },
    handler: async (req) => ok(await audit.list(req.query)),
  });
}
