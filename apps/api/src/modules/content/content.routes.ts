import {
  envelopeOf,
  errorEnvelopeSchema,
  newsletterRequestSchema,
  newsletterResponseSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { attemptRateLimit } from '../../lib/rate-limit';

export async function contentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { content } = app.services;

  app.post('/newsletter', {
    config: { access: 'public', rateLimit: attemptRateLimit(app.config) },
    schema: {
      tags: ['content'],
      summary: 'Sign an e-mail address up for the newsletter (idempotent)',
      body: newsletterRequestSchema,
      response: { 200: envelopeOf(newsletterResponseSchema), '4xx': errorEnvelopeSchema },
    },
    handler: async (req) => ok(await content.subscribeNewsletter(req.body.email, req.body.language)),
  });
}
