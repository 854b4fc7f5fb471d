import {
  ADMIN_PATHS,
  adminExchangeNotesSchema,
  adminExchangeSchema,
  adminExchangesPageQuerySchema,
  adminExchangesPageSchema,
  adminExchangeUpdateQuerySchema,
  envelopeOf,
  errorEnvelopeSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/auth-caller';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/**
 * Back office: anonymous exchanges (spec-2 admin calls). Admins only (registered in the admin area);
 * these carry the e-mail. Both lists are paged on the server (page, pageSize up to 50, total).
 */
export async function adminExchangeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { exchange } = app.services;

  app.get(ADMIN_PATHS.anonymousExchanges, {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Anonymous exchanges, newest first, a page at a time (status: optional, e.g. 2,-1,3)',
      querystring: adminExchangesPageQuerySchema,
      response: { 200: envelopeOf(adminExchangesPageSchema), ...errors },
    },
    handler: async (req) => ok(await exchange.adminList(req.query)),
  });

  app.get(ADMIN_PATHS.allAnonymousExchanges, {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Anonymous exchanges of one status or several (comma-separated), a page at a time',
      querystring: adminExchangesPageQuerySchema,
      response: { 200: envelopeOf(adminExchangesPageSchema), ...errors },
    },
    handler: async (req) => ok(await exchange.adminList(req.query)),
  });

  app.post('/Admin/anonymousExchanges/update', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        'Set an anonymous exchange status with notes (JSON string body) and an optional payout hash; success settles it in the ledger, once',
      querystring: adminExchangeUpdateQuerySchema,
      body: adminExchangeNotesSchema,
      response: { 200: envelopeOf(adminExchangeSchema), ...errors },
    },
    handler: async (req) => {
      const actor = requireUser(req).id;
      if (req.query.amountReceived !== undefined)
        await exchange.recordReceived(actor, req.query.exchangeId, req.query.amountReceived);
      return ok(
        await exchange.adminSetStatus(
          actor,
          req.query.exchangeId,
          req.query.status,
          req.body,
          req.query.payoutHash,
        ),
      );
    },
  });
}
