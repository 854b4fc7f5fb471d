import {
  assetIdQuerySchema,
  cryptoNotifyRequestSchema,
  depositAddressSchema,
  depositSchema,
  envelopeOf,
  errorEnvelopeSchema,
  testDepositResponseSchema,
  userTestDepositSchema,
  uuidSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/auth-caller';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/** Payment calls: crypto deposit address and notice, the user's deposits (card deposits: payments/). */
export async function fundingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { funding } = app.services;

  app.get('/Payment/crypto/address', {
    config: { access: 'user' },
    schema: {
      tags: ['funding'],
      summary: 'The deposit address of a crypto asset',
      querystring: assetIdQuerySchema,
      response: { 200: envelopeOf(depositAddressSchema), ...errors },
    },
    handler: async (req) => ok(await funding.depositAddress(req.query.assetId, requireUser(req).id)),
  });

  app.post('/Payment/crypto/notify', {
    config: { access: 'user' },
    schema: {
      tags: ['funding'],
      summary:
        'Tell us about a crypto deposit you sent; an admin verifies it (status 3). Content: deposit id',
      body: cryptoNotifyRequestSchema,
      response: { 200: envelopeOf(uuidSchema), ...errors },
    },
    handler: async (req) => ok(await funding.notifyCrypto(requireUser(req).id, req.body)),
  });

  app.post('/Payment/crypto/testDeposit', {
    config: { access: 'user' },
    schema: {
      tags: ['funding'],
      summary:
        'Demo mode only: the local development chain sends this amount to your own deposit address (403 DEMO_ONLY otherwise)',
      body: userTestDepositSchema,
      response: { 200: envelopeOf(testDepositResponseSchema), ...errors },
    },
    handler: async (req) =>
      ok(await funding.testDeposit(requireUser(req).id, req.body.assetId, req.body.amount)),
  });

  app.get('/Payment/deposits', {
    config: { access: 'user' },
    schema: {
      tags: ['funding'],
      summary: 'Your deposits, newest first',
      response: { 200: envelopeOf(z.array(depositSchema)), ...errors },
    },
    handler: async (req) => ok(await funding.userDeposits(requireUser(req).id)),
  });
}
