import { envelopeOf, errorEnvelopeSchema, historyPageSchema, historyQuerySchema } from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/auth';

/** The signed-in user's transaction list (spec-1 §2 history), paginated on the server. */
export async function historyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/History', {
    config: { access: 'user' },
    schema: {
      tags: ['history'],
      summary: 'Your conversions and deposits, newest first, one page at a time (5 per page by default)',
      querystring: historyQuerySchema,
      response: { 200: envelopeOf(historyPageSchema), '4xx': errorEnvelopeSchema },
    },
    handler: async (req) =>
      ok(await app.services.history.page(requireUser(req).id, req.query.page, req.query.pageSize)),
  });
}
