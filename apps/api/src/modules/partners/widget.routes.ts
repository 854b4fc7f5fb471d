import {
  envelopeOf,
  errorEnvelopeSchema,
  PARTNER_API_ERRORS,
  partnerIdParamsSchema,
  widgetPartnerSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/**
 * What a partner's widget needs to show the amount received as the guest types: the partner's
 * commission rate, the one createExchange applies (DECISIONS §11). The partner id is already public
 * (it is in the widget's snippet); nothing else about the partner is answered. A disabled partner's
 * widget reads as an unknown partner's, as createExchange then refuses it.
 */
export async function widgetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { accounts } = app.services.partners;

  app.get('/widget/partners/:id', {
    config: { access: 'public' },
    schema: {
      tags: ['exchange'],
      summary:
        "A partner's commission rate, for its widget's live estimate (the rate createExchange applies)",
      params: partnerIdParamsSchema,
      response: { 200: envelopeOf(widgetPartnerSchema), ...errors },
    },
    handler: async (req) => {
      const partner = await accounts.findActive(req.params.id);
      if (!partner) throw notFound(PARTNER_API_ERRORS.unknownPartner, 'UNKNOWN_PARTNER');
      return ok({ commission: partner.commission });
    },
  });
}
