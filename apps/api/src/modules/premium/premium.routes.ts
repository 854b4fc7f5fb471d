import {
  envelopeOf,
  errorEnvelopeSchema,
  premiumCancelResultSchema,
  premiumPurchaseRequestSchema,
  premiumPurchaseResultSchema,
  premiumSubscriptionSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/auth';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/** Premium subscription (spec-2 §7): pay by card, see it, cancel it. */
export async function premiumRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { premium } = app.services;

  app.get('/User/premium', {
    config: { access: 'user' },
    schema: {
      tags: ['premium'],
      summary: 'Your latest premium subscription (active or cancelled), or null',
      security: [{ bearer: [] }],
      response: { 200: envelopeOf(premiumSubscriptionSchema.nullable()), ...errors },
    },
    handler: async (req) => ok(await premium.current(requireUser(req).id)),
  });

  app.post('/User/premium', {
    config: { access: 'user' },
    schema: {
      tags: ['premium'],
      summary:
        'Subscribe to premium for a year: 49 in your display currency by card (402 CARD_DECLINED / CARD_INVALID when refused; nothing is kept then). Answers a new access token with the premium claim',
      security: [{ bearer: [] }],
      body: premiumPurchaseRequestSchema,
      response: { 200: envelopeOf(premiumPurchaseResultSchema), ...errors },
    },
    handler: async (req) => ok(await premium.purchase(requireUser(req).id, req.body)),
  });

  app.delete('/User/premium', {
    config: { access: 'premium' },
    schema: {
      tags: ['premium'],
      summary: 'Cancel premium: it ends now. Answers a new access token without the premium claim',
      security: [{ bearer: [] }],
      response: { 200: envelopeOf(premiumCancelResultSchema), ...errors },
    },
    handler: async (req) => ok(await premium.cancel(requireUser(req).id)),
  });
}
