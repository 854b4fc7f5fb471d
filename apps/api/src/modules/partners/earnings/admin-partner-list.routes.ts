import { adminPartnersSchema, envelopeOf, errorEnvelopeSchema } from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/** The back office's partner list (DECISIONS §11), registered in the admin area. */
export async function adminPartnerListRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { earnings } = app.services.partners;

  app.get('/Admin/partners', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'partners'],
      summary:
        'Every partner with its e-mail, commission, exchanges (all and successful), volume and earnings in USD',
      security: [{ bearer: [] }],
      response: { 200: envelopeOf(adminPartnersSchema), ...errors },
    },
    handler: async () => ok(await earnings.adminList()),
  });
}
