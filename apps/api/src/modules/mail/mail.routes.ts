import { envelopeOf, errorEnvelopeSchema, outboxMessageSchema, outboxQuerySchema } from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';

export async function mailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { mail } = app.services;

  app.get('/Admin/outbox', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Recent e-mails of the outbox, newest first (the mailbox when no SMTP is configured)',
      security: [{ bearer: [] }],
      querystring: outboxQuerySchema,
      response: { 200: envelopeOf(z.array(outboxMessageSchema)), '4xx': errorEnvelopeSchema },
    },
    handler: async (req) => ok(await mail.outbox({ to: req.query.to, limit: req.query.limit })),
  });
}
