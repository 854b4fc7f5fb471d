import {
  adminDepositsPageSchema,
  adminDepositsQuerySchema,
  depositIdParamsSchema,
  envelopeOf,
  errorEnvelopeSchema,
  rejectDepositRequestSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/auth-caller';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/** Admin deposits (spec-2 §7 GET Admin/deposits) and their approval, which credits the ledger once. */
export async function adminDepositsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { funding } = app.services;

  app.get('/Admin/deposits', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'funding'],
      summary: 'Every deposit, newest first, a page at a time (optional status filter)',
      querystring: adminDepositsQuerySchema,
      response: { 200: envelopeOf(adminDepositsPageSchema), ...errors },
    },
    handler: async (req) => ok(await funding.adminDeposits(req.query)),
  });

  app.post('/Admin/deposits/:id/approve', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'funding'],
      summary: 'Approve a crypto deposit awaiting verification: credits the user once',
      params: depositIdParamsSchema,
      response: { 200: envelopeOf(z.literal(true)), ...errors },
    },
    handler: async (req) => {
      await funding.approve(requireUser(req).id, req.params.id);
      return ok(true as const);
    },
  });

  app.post('/Admin/deposits/:id/reject', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'funding'],
      summary: 'Reject a crypto deposit awaiting verification, with notes',
      params: depositIdParamsSchema,
      body: rejectDepositRequestSchema,
      response: { 200: envelopeOf(z.literal(true)), ...errors },
    },
    handler: async (req) => {
      await funding.reject(requireUser(req).id, req.params.id, req.body.notes);
      return ok(true as const);
    },
  });
}
