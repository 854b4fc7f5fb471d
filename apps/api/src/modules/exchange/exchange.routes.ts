import {
  confirmExchangeRequestSchema,
  createExchangeRequestSchema,
  createExchangeResponseSchema,
  EMAIL_MY_EXCHANGES_ANSWER,
  emailMyExchangesRequestSchema,
  emailMyExchangesResponseSchema,
  envelopeOf,
  errorEnvelopeSchema,
  exchangeIdParamsSchema,
  exchangesByIdsRequestSchema,
  publicExchangeSchema,
  testDepositRequestSchema,
  testDepositResponseSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { attemptRateLimit, guestRateLimit } from '../../lib/rate-limit';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/**
 * PublicExchange: a guest's exchange without an account. The exchange id (random UUID) is the
 * guest's only key; no call lists exchanges by e-mail, and no answer carries the e-mail address.
 */
export async function exchangeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { exchange } = app.services;
  const rateLimit = guestRateLimit(app.config);

  app.post('/PublicExchange/createExchange', {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['exchange'],
      summary: 'Create a guest exchange (checked, quoted and fixed now; awaiting the deposit). Content: {id}',
      body: createExchangeRequestSchema,
      response: { 200: envelopeOf(createExchangeResponseSchema), ...errors },
    },
    handler: async (req) => ok(await exchange.create(req.body, req.auth)),
  });

  app.get('/PublicExchange/exchange/:id', {
    config: { access: 'public' },
    schema: {
      tags: ['exchange'],
      summary: 'One guest exchange by its id (no e-mail address)',
      params: exchangeIdParamsSchema,
      response: { 200: envelopeOf(publicExchangeSchema), ...errors },
    },
    handler: async (req) => ok(await exchange.get(req.params.id)),
  });

  app.post('/PublicExchange/exchanges', {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['exchange'],
      summary: 'The guest exchanges among the ids the browser holds (unknown ids ignored), newest first',
      body: exchangesByIdsRequestSchema,
      response: { 200: envelopeOf(z.array(publicExchangeSchema)), ...errors },
    },
    handler: async (req) => ok(await exchange.byIds(req.body.ids)),
  });

  app.post('/PublicExchange/confirmTransaction', {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['exchange'],
      summary: 'The guest sent the deposit: its hash; the exchange becomes pending (2)',
      body: confirmExchangeRequestSchema,
      response: { 200: envelopeOf(publicExchangeSchema), ...errors },
    },
    handler: async (req) => ok(await exchange.confirm(req.body)),
  });

  app.post('/PublicExchange/testDeposit', {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['exchange'],
      summary:
        'Demo mode only: the local development chain sends this exchange its deposit (403 DEMO_ONLY otherwise)',
      body: testDepositRequestSchema,
      response: { 200: envelopeOf(testDepositResponseSchema), ...errors },
    },
    handler: async (req) => ok(await exchange.testDeposit(req.body.exchangeId, req.body.amount)),
  });

  app.post('/PublicExchange/emailMyExchanges', {
    config: { access: 'public', rateLimit: attemptRateLimit(app.config) },
    schema: {
      tags: ['exchange'],
      summary: 'E-mail the tracking links of the exchanges made with this address (same answer either way)',
      body: emailMyExchangesRequestSchema,
      response: { 200: envelopeOf(emailMyExchangesResponseSchema), ...errors },
    },
    handler: async (req) => {
      await exchange.emailMyExchanges(req.body.email, req.body.language);
      return ok({ message: EMAIL_MY_EXCHANGES_ANSWER });
    },
  });
}
