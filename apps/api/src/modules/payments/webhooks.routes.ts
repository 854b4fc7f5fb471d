import { CHECKOUT_PATHS, envelopeOf, errorEnvelopeSchema } from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { badRequest, notFound } from '../../lib/errors';
import { webhookRateLimit } from '../../lib/rate-limit';
import { WebhookSignatureError } from './gateway';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/**
 * The gateways' webhooks (DECISIONS §7): the only way the server learns a payment's outcome. The body
 * is kept raw (the signature covers its exact bytes), verified with the gateway's own scheme and
 * applied once by the event's id. 2xx tells the gateway to stop resending; an error makes it retry.
 */
export async function webhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { payments } = app.services;
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 256 * 1024 },
    (_req, body, done) => done(null, body),
  );

  for (const [id, path] of [
    ['stripe', CHECKOUT_PATHS.stripeWebhook],
    ['test', CHECKOUT_PATHS.testGatewayWebhook],
  ] as const) {
    app.post(path, {
      config: {
        access: 'public',
        ownCredential: 'gateway-signature',
        rateLimit: webhookRateLimit(app.config),
      },
      schema: {
        tags: ['payments'],
        summary: `The ${id === 'stripe' ? 'Stripe' : 'test gateway'} webhook: a signed event (Stripe-Signature header), applied once by its id`,
        headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
        body: z.custom<Buffer>((v) => Buffer.isBuffer(v), { message: 'A JSON body is required' }),
        response: { 200: envelopeOf(z.object({ received: z.boolean(), duplicate: z.boolean() })), ...errors },
      },
      handler: async (req) => {
        if (payments.gateway.id !== id)
          throw notFound('This payment gateway is not configured here.', 'GATEWAY_NOT_CONFIGURED');
        let event: Awaited<ReturnType<typeof payments.gateway.verifyWebhook>>;
        try {
          event = await payments.gateway.verifyWebhook(req.body, req.headers['stripe-signature']);
        } catch (err) {
          if (err instanceof WebhookSignatureError) {
            req.log.warn({ reason: err.message }, 'webhook refused: signature');
            throw badRequest('The webhook signature is missing, wrong or too old.', 'WEBHOOK_SIGNATURE');
          }
          throw err;
        }
        const fresh = await payments.events.handle(id, event);
        req.log.info({ eventId: event.id, type: event.type, duplicate: !fresh }, 'payment event');
        return ok({ received: true, duplicate: !fresh });
      },
    });
  }
}
