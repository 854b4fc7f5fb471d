import {
  adminMakePartnerRequestSchema,
  envelopeOf,
  errorEnvelopeSchema,
  partnerAccountSchema,
  partnerUserParamsSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/auth-caller';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/** The back office's partner calls (DECISIONS §11), registered in the admin area. */
export async function adminPartnerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { accounts } = app.services.partners;

  app.post('/Admin/partners/:userId', {
    config: { access: 'admin', stepUp: 'required' },
    schema: {
      tags: ['admin', 'partners'],
      summary:
        'Make an account a partner or change its maximum commission (its commission is lowered to it); audited',
      security: [{ bearer: [] }],
      params: partnerUserParamsSchema,
      body: adminMakePartnerRequestSchema,
      response: { 200: envelopeOf(partnerAccountSchema), ...errors },
    },
    handler: async (req) =>
      ok(await accounts.setMaximum(requireUser(req).id, req.params.userId, req.body.maxCommission)),
  });
}
