import {
  adminExchangeNotesSchema,
  adminExchangeSchema,
  adminExchangesQuerySchema,
  adminExchangeUpdateQuerySchema,
  envelopeOf,
  errorEnvelopeSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/** Back office: anonymous exchanges (spec-2 admin calls). Admins only; these carry the e-mail. */
export async function adminExchangeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { exchange } = app.services;

  app.get('/Admin/anonymousExchanges', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Every anonymous exchange, newest first (the client filters by status)',
      response: { 200: envelopeOf(z.array(adminExchangeSchema)), ...errors },
    },
    handler: async () => ok(await exchange.adminList()),
  });

  app.get('/Admin/allAnonymousExchanges', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Anonymous exchanges, optionally of one status',
      querystring: adminExchangesQuerySchema,
      response: { 200: envelopeOf(z.array(adminExchangeSchema)), ...errors },
    },
    handler: async (req) => ok(await exchange.adminList(req.query.status)),
  });

  app.post('/Admin/anonymousExchanges/update', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        'Set an anonymous exchange status with notes (JSON string body); success settles it in the ledger, once',
      querystring: adminExchangeUpdateQuerySchema,
      body: adminExchangeNotesSchema,
      response: { 200: envelopeOf(adminExchangeSchema), ...errors },
    },
    handler: async (req) =>
      ok(await exchange.adminSetStatus(req.query.exchangeId, req.query.status, req.body)),
  });
}
