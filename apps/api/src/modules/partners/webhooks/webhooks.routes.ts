import {
  createPartnerWebhookRequestSchema,
  createPartnerWebhookResponseSchema,
  envelopeOf,
  errorEnvelopeSchema,
  partnerDeliveriesSchema,
  partnerDeliverySchema,
  partnerIdParamsSchema,
  partnerWebhookSchema,
  partnerWebhooksSchema,
  rotatePartnerWebhookResponseSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../lib/envelope';
import { requirePartner } from '../require-partner';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };
const tags = ['partners'];
const security = [{ bearer: [] }];
/** The delivery log's cursor: the last row's time (microseconds) and id, as the list answers it. */
const deliveriesQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,20}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, {
      message: 'Invalid cursor',
    })
    .optional(),
});
/** Nothing to send; `{}` or no body at all (a client may send either). */
const emptyBody = z.object({}).strict().nullish();

/** The partner area's webhooks (DECISIONS §11, decision 0037): endpoints and the delivery log. */
export async function partnerWebhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { webhooks } = app.services.partners;
  const partner = async (req: Parameters<typeof requirePartner>[0]) => (await requirePartner(req)).userId;

  app.post('/partner/webhooks', {
    config: { access: 'user', stepUp: 'ifEnrolled' },
    schema: {
      tags,
      summary:
        'Add a webhook endpoint; answers its signing secret, shown only here. The address must be public (422 WEBHOOK_URL_REFUSED otherwise)',
      security,
      body: createPartnerWebhookRequestSchema,
      response: { 200: envelopeOf(createPartnerWebhookResponseSchema), ...errors },
    },
    handler: async (req) => ok(await webhooks.create(await partner(req), req.body)),
  });

  app.get('/partner/webhooks', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Your webhook endpoints (never their secrets)',
      security,
      response: { 200: envelopeOf(partnerWebhooksSchema), ...errors },
    },
    handler: async (req) => ok(await webhooks.list(await partner(req))),
  });

  app.delete('/partner/webhooks/:id', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Delete a webhook endpoint; its pending deliveries are dropped (kept in the log as failed)',
      security,
      params: partnerIdParamsSchema,
      response: { 200: envelopeOf(z.null()), ...errors },
    },
    handler: async (req) => {
      await webhooks.remove(await partner(req), req.params.id);
      return ok(null);
    },
  });

  app.post('/partner/webhooks/:id/rotate', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'A new signing secret for the endpoint, shown only here; the old one stops at once',
      security,
      params: partnerIdParamsSchema,
      body: emptyBody,
      response: { 200: envelopeOf(rotatePartnerWebhookResponseSchema), ...errors },
    },
    handler: async (req) => ok(await webhooks.rotate(await partner(req), req.params.id)),
  });

  app.post('/partner/webhooks/:id/enable', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Enable an endpoint disabled after a day of failures; its pending events are sent at once',
      security,
      params: partnerIdParamsSchema,
      body: emptyBody,
      response: { 200: envelopeOf(partnerWebhookSchema), ...errors },
    },
    handler: async (req) => ok(await webhooks.enable(await partner(req), req.params.id)),
  });

  app.get('/partner/webhooks/deliveries', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'The delivery log of your webhooks, newest first, 50 a page (pass nextCursor as cursor)',
      security,
      querystring: deliveriesQuerySchema,
      response: { 200: envelopeOf(partnerDeliveriesSchema), ...errors },
    },
    handler: async (req) => ok(await webhooks.deliveries(await partner(req), req.query.cursor)),
  });

  app.post('/partner/webhooks/deliveries/:id/replay', {
    config: { access: 'user' },
    schema: {
      tags,
      summary:
        'Send a delivered or failed event to its endpoint again now, as a new delivery (same event id)',
      security,
      params: partnerIdParamsSchema,
      body: emptyBody,
      response: { 200: envelopeOf(partnerDeliverySchema), ...errors },
    },
    handler: async (req) => ok(await webhooks.replay(await partner(req), req.params.id)),
  });
}
