import {
  cardCheckoutRequestSchema,
  checkoutIdParamsSchema,
  checkoutStatusSchema,
  checkoutUrlSchema,
  envelopeOf,
  errorEnvelopeSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/auth-caller';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/** Card deposits on the gateway's hosted page, and the state of any checkout (its owner only). */
export async function checkoutRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { payments } = app.services;

  app.post('/Payment/card/checkout', {
    config: { access: 'user' },
    schema: {
      tags: ['funding'],
      summary:
        "Deposit fiat by card: answers the payment gateway's hosted page to send the browser to (the card is typed there, never here)",
      security: [{ bearer: [] }],
      body: cardCheckoutRequestSchema,
      response: { 200: envelopeOf(checkoutUrlSchema), ...errors },
    },
    handler: async (req) => ok(await payments.checkout.card(requireUser(req).id, req.body)),
  });

  app.get('/Payment/checkout/:id', {
    config: { access: 'user' },
    schema: {
      tags: ['funding', 'premium'],
      summary:
        "A checkout's state as the gateway's webhooks have left it: processing, succeeded, declined or cancelled",
      security: [{ bearer: [] }],
      params: checkoutIdParamsSchema,
      response: { 200: envelopeOf(checkoutStatusSchema), ...errors },
    },
    handler: async (req) => ok(await payments.checkout.status(requireUser(req).id, req.params.id)),
  });

  app.post('/Payment/checkout/:id/cancel', {
    config: { access: 'user' },
    schema: {
      tags: ['funding', 'premium'],
      summary:
        'The payer left the hosted page: the session is ended at the gateway (unless it was paid first) and its state answered',
      security: [{ bearer: [] }],
      params: checkoutIdParamsSchema,
      response: { 200: envelopeOf(checkoutStatusSchema), ...errors },
    },
    handler: async (req) => ok(await payments.checkout.cancel(requireUser(req).id, req.params.id)),
  });
}
