import {
  adminPremiumPaymentsPageSchema,
  adminPremiumPaymentsQuerySchema,
  depositIdParamsSchema,
  envelopeOf,
  errorEnvelopeSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { pageOf, planPage } from '../../lib/keyset';
import { requireUser } from '../../plugins/auth-caller';
import { toReceipt } from '../premium/premium.service';
import { countPremiumPayments, listPremiumPayments } from './admin-payments.repository';
import { spendingHoldRoutes } from './spending-holds.routes';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/** The back office's refunds (card deposits, premium payments) and the premium payments list. */
export async function adminPaymentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { payments, db } = app.services;
  // Money owed after a card payment was taken back (decision 0038).
  await spendingHoldRoutes(fastify);

  app.post('/Admin/deposits/:id/refund', {
    config: { access: 'admin', stepUp: 'required' },
    schema: {
      tags: ['admin', 'funding'],
      summary:
        'Refund a credited card deposit: debits the wallet (409 REFUND_FUNDS_SPENT when the money was used), then refunds at the gateway',
      params: depositIdParamsSchema,
      response: { 200: envelopeOf(z.literal(true)), ...errors },
    },
    handler: async (req) => {
      await payments.refunds.refundDeposit(requireUser(req).id, req.params.id);
      return ok(true as const);
    },
  });

  app.get('/Admin/premium/payments', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'premium'],
      summary: 'Premium payments, newest first, a page at a time',
      querystring: adminPremiumPaymentsQuerySchema,
      response: { 200: envelopeOf(adminPremiumPaymentsPageSchema), ...errors },
    },
    handler: async (req) => {
      const total = await countPremiumPayments(db);
      const plan = planPage(req.query, total);
      const page = pageOf(plan, await listPremiumPayments(db, plan));
      return ok({
        ...page,
        items: page.items.map((r) => ({ ...toReceipt(r.payment), user: r.user })),
        total,
        page: req.query.page,
        pageSize: req.query.pageSize,
      });
    },
  });

  app.post('/Admin/premium/payments/:id/refund', {
    config: { access: 'admin', stepUp: 'required' },
    schema: {
      tags: ['admin', 'premium'],
      summary: 'Refund a premium payment at the gateway; premium ends now',
      params: depositIdParamsSchema,
      response: { 200: envelopeOf(z.literal(true)), ...errors },
    },
    handler: async (req) => {
      await payments.refunds.refundPremium(requireUser(req).id, req.params.id);
      return ok(true as const);
    },
  });
}
