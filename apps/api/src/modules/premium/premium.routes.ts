import {
  CHECKOUT_ERRORS,
  CURRENCY_HEADER,
  checkoutUrlSchema,
  currencySchema,
  envelopeOf,
  errorEnvelopeSchema,
  PREMIUM_PRICE_PATH,
  premiumCancelResultSchema,
  premiumPriceSchema,
  premiumPurchaseResultSchema,
  premiumReceiptsSchema,
  premiumSubscriptionSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { badRequest } from '../../lib/errors';
import { requireUser } from '../../plugins/auth-caller';
import { premiumPriceFor } from './premium-price';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/** No card data here any more (DECISIONS §7): any field in the body is refused with this message. */
const emptyBody = z
  .record(z.string(), z.unknown())
  .refine((v) => Object.keys(v).length === 0, { message: CHECKOUT_ERRORS.cardDataRefused })
  .optional();

/** Premium subscription (spec-2 §7, DECISIONS §7): its hosted checkout, its state, its end. */
export async function premiumRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { premium, payments, wallets } = app.services;

  app.get(`/${PREMIUM_PRICE_PATH}`, {
    config: { access: 'public' },
    schema: {
      tags: ['premium'],
      summary:
        "Premium's yearly price for you: the amount and the currency the gateway charges (your display currency when it has a price, else the server's first)",
      response: { 200: envelopeOf(premiumPriceSchema), ...errors },
    },
    handler: async (req) => {
      // Read by hand, as the wallets do (a headers schema would drop the bearer token).
      const raw = req.headers[CURRENCY_HEADER];
      const header =
        typeof raw === 'string' && raw !== '' ? currencySchema.safeParse(raw.toUpperCase()) : null;
      if (header && !header.success) throw badRequest('Unsupported currency', 'VALIDATION');
      const display = await wallets.displayCurrency(req.auth?.id, header?.data);
      return ok(premiumPriceFor(app.config.premiumPrices, display));
    },
  });

  app.get('/User/premium', {
    config: { access: 'user' },
    schema: {
      tags: ['premium'],
      summary: 'Your latest premium subscription (active, past due or cancelled), or null',
      security: [{ bearer: [] }],
      response: { 200: envelopeOf(premiumSubscriptionSchema.nullable()), ...errors },
    },
    handler: async (req) => ok(await premium.current(requireUser(req).id)),
  });

  app.post('/User/premium/checkout', {
    config: { access: 'user' },
    schema: {
      tags: ['premium'],
      summary:
        "Start paying premium (the yearly price of GET Premium/price, renewing): answers the payment gateway's hosted page to send the browser to",
      security: [{ bearer: [] }],
      body: emptyBody,
      response: { 200: envelopeOf(checkoutUrlSchema), ...errors },
    },
    handler: async (req) => ok(await payments.checkout.premium(requireUser(req).id)),
  });

  app.post('/User/premium', {
    config: { access: 'user' },
    schema: {
      tags: ['premium'],
      summary:
        'Takes no card data. Once the gateway has confirmed the payment: a fresh access token with the premium claim and the subscription (409 NOT_PREMIUM before)',
      security: [{ bearer: [] }],
      body: emptyBody,
      response: { 200: envelopeOf(premiumPurchaseResultSchema), ...errors },
    },
    handler: async (req) => ok(await premium.purchase(requireUser(req).id)),
  });

  app.delete('/User/premium', {
    config: { access: 'premium' },
    schema: {
      tags: ['premium'],
      summary:
        'Cancel premium at the end of the period paid (it does not renew). Answers a fresh access token',
      security: [{ bearer: [] }],
      response: { 200: envelopeOf(premiumCancelResultSchema), ...errors },
    },
    handler: async (req) => ok(await premium.cancel(requireUser(req).id)),
  });

  app.get('/User/premium/receipts', {
    config: { access: 'user' },
    schema: {
      tags: ['premium'],
      summary: 'Your premium payments, newest first: date, amount, card (last 4 and brand), refund',
      security: [{ bearer: [] }],
      response: { 200: envelopeOf(premiumReceiptsSchema), ...errors },
    },
    handler: async (req) => ok(await premium.receipts(requireUser(req).id)),
  });

  app.post('/User/premium/portal', {
    config: { access: 'user' },
    schema: {
      tags: ['premium'],
      summary: "The payment gateway's page to manage the saved card (400 NO_SAVED_CARD without one)",
      security: [{ bearer: [] }],
      body: emptyBody,
      response: { 200: envelopeOf(checkoutUrlSchema), ...errors },
    },
    handler: async (req) => ok(await premium.portal(requireUser(req).id)),
  });
}
