import { envelopeOf, errorEnvelopeSchema, partnerKeyCallerSchema } from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requirePartnerKey } from '../../plugins/auth-caller';
import { partnerRateLimits } from './partner-rate-limit';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/** The partner API's own check of a key: which partner, which key, which scopes. */
export async function apiKeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limits = partnerRateLimits(app.config);

  app.get('/v1/key', {
    config: { access: 'partner', partnerScope: 'read', rateLimit: limits.read },
    schema: {
      tags: ['partner-api'],
      summary: 'The API key making this call: its partner, id and scopes (to check a key works)',
      response: { 200: envelopeOf(partnerKeyCallerSchema), ...errors },
    },
    handler: async (req) => ok(requirePartnerKey(req)),
  });
}
