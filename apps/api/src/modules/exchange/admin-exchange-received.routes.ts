import {
  adminExchangeDecisionSchema,
  adminExchangeIdQuerySchema,
  adminExchangeReceivedSchema,
  adminExchangeSchema,
  envelopeOf,
  errorEnvelopeSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/auth-caller';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/**
 * Back office: the amount a guest actually sent. Record it; when it differs from the quote, requote
 * at the current rate (success, settled) or refund it to the refund address (failed, settled).
 */
export async function adminExchangeReceivedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { exchange } = app.services;

  app.post('/Admin/anonymousExchanges/received', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Record the amount received for an exchange; the answer shows any difference with the quote',
      querystring: adminExchangeIdQuerySchema,
      body: adminExchangeReceivedSchema,
      response: { 200: envelopeOf(adminExchangeSchema), ...errors },
    },
    handler: async (req) =>
      ok(await exchange.recordReceived(requireUser(req).id, req.query.exchangeId, req.body.amount)),
  });

  app.post('/Admin/anonymousExchanges/requote', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        'Requote for the amount received at the current rate and settle it (success); the guest is e-mailed',
      querystring: adminExchangeIdQuerySchema,
      body: adminExchangeDecisionSchema,
      response: { 200: envelopeOf(adminExchangeSchema), ...errors },
    },
    handler: async (req) =>
      ok(
        await exchange.requote(
          requireUser(req).id,
          req.query.exchangeId,
          req.body.notes,
          req.body.payoutHash,
        ),
      ),
  });

  app.post('/Admin/anonymousExchanges/refund', {
    config: { access: 'admin', stepUp: 'required' },
    schema: {
      tags: ['admin'],
      summary:
        'Refund the amount received to the refund address (failed, in the ledger); the guest is e-mailed',
      querystring: adminExchangeIdQuerySchema,
      body: adminExchangeDecisionSchema,
      response: { 200: envelopeOf(adminExchangeSchema), ...errors },
    },
    handler: async (req) =>
      ok(
        await exchange.refund(requireUser(req).id, req.query.exchangeId, req.body.notes, {
          ...(req.body.payoutHash ? { payoutHash: req.body.payoutHash } : {}),
          ...(req.body.refundAddress ? { refundAddress: req.body.refundAddress } : {}),
        }),
      ),
  });
}
