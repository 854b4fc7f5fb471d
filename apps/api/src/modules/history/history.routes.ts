import { envelopeOf, errorEnvelopeSchema, historyPageSchema, historyQuerySchema } from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/auth-caller';

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
    handler: async (req) => ok(await app.services.history.page(requireUser(req).id, req.query)),
  });

  app.get('/History/export', {
    config: { access: 'user' },
    schema: {
      tags: ['history'],
      summary:
        'Your whole history as a CSV file (one row per transaction, plain decimal amounts, ISO dates); ' +
        'header X-Export-Truncated: true when it holds only the newest 10,000 rows',
      response: {
        // Sent as text (reply.type below), never through the JSON serializer: documented only.
        200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
        '4xx': errorEnvelopeSchema,
      },
    },
    handler: async (req, reply) => {
      const { csv, truncated } = await app.services.history.csv(requireUser(req).id);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="vaultline-history-${day}.csv"`)
        .header('cache-control', 'no-store')
        .header('x-export-truncated', String(truncated))
        .send(csv as never);
    },
  });
}
