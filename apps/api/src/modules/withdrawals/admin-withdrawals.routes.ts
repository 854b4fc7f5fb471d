import {
  adminWithdrawalApproveSchema,
  adminWithdrawalDetailSchema,
  adminWithdrawalFailedSchema,
  adminWithdrawalIdParamsSchema,
  adminWithdrawalListSchema,
  adminWithdrawalQuerySchema,
  adminWithdrawalRejectSchema,
  adminWithdrawalRuleParamsSchema,
  adminWithdrawalSchema,
  envelopeOf,
  errorEnvelopeSchema,
  withdrawalRuleListSchema,
  withdrawalRuleSchema,
  withdrawalRuleUpdateSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/auth-caller';
import { createWithdrawalAdmin } from './admin-withdrawals.service';
import { sepaBatchRoutes } from './sepa-batches.routes';
import { createWithdrawalRules } from './withdrawal-rules';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };
const tags = ['admin', 'withdrawals'];

/**
 * Back office: withdrawals (issue 31 points 6 and 7). The review queue and one withdrawal with the
 * user's recent activity; approve (step-up), reject, failed; the per-asset rules (step-up); the SEPA
 * batches of EUR withdrawals (making one and marking it paid need a step-up). Admins only
 * (registered in the admin area); every change is in the audit log.
 */
export async function adminWithdrawalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, ledger, chain, catalog, audit, withdrawalEvents: events } = app.services;
  const log = app.log;
  const review = createWithdrawalAdmin({ db, ledger, chain, catalog, audit, events, log });
  const rules = createWithdrawalRules({ db, catalog, audit });
  // The SEPA batches of EUR withdrawals (their own file).
  await sepaBatchRoutes(fastify);

  app.get('/Admin/withdrawals', {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Withdrawals newest first, a page at a time (status, kind, userId filters; keyset cursors)',
      querystring: adminWithdrawalQuerySchema,
      response: { 200: envelopeOf(adminWithdrawalListSchema), ...errors },
    },
    handler: async (req) => ok(await review.list(req.query)),
  });

  app.get('/Admin/withdrawals/rules', {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Per-asset withdrawal rules: open, fee (on top of the amount), minimum',
      response: { 200: envelopeOf(withdrawalRuleListSchema), ...errors },
    },
    handler: async () => ok({ items: await rules.list() }),
  });

  app.put('/Admin/withdrawals/rules/:assetId', {
    config: { access: 'admin', stepUp: 'required' },
    schema: {
      tags,
      summary: "Set an asset's withdrawal rules (audited)",
      params: adminWithdrawalRuleParamsSchema,
      body: withdrawalRuleUpdateSchema,
      response: { 200: envelopeOf(withdrawalRuleSchema), ...errors },
    },
    handler: async (req) => ok(await rules.update(requireUser(req).id, req.params.assetId, req.body)),
  });

  app.get('/Admin/withdrawals/:id', {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: "One withdrawal with its review reasons and the user's recent activity",
      params: adminWithdrawalIdParamsSchema,
      response: { 200: envelopeOf(adminWithdrawalDetailSchema), ...errors },
    },
    handler: async (req) => ok(await review.detail(req.params.id)),
  });

  app.post('/Admin/withdrawals/:id/approve', {
    config: { access: 'admin', stepUp: 'required' },
    schema: {
      tags,
      summary:
        'Approve a withdrawal in review: it goes on its way (a payout, or queued for an admin or a SEPA batch)',
      params: adminWithdrawalIdParamsSchema,
      body: adminWithdrawalApproveSchema,
      response: { 200: envelopeOf(adminWithdrawalSchema), ...errors },
    },
    handler: async (req) => ok(await review.approve(requireUser(req).id, req.params.id, req.body.note)),
  });

  app.post('/Admin/withdrawals/:id/reject', {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Reject a withdrawal in review: its money goes back to the wallet',
      params: adminWithdrawalIdParamsSchema,
      body: adminWithdrawalRejectSchema,
      response: { 200: envelopeOf(adminWithdrawalSchema), ...errors },
    },
    handler: async (req) => ok(await review.reject(requireUser(req).id, req.params.id, req.body.note)),
  });

  app.post('/Admin/withdrawals/:id/failed', {
    config: { access: 'admin' },
    schema: {
      tags,
      summary:
        'A bank withdrawal (queued or in a SEPA batch) or one paid by hand failed: its money goes back to the wallet',
      params: adminWithdrawalIdParamsSchema,
      body: adminWithdrawalFailedSchema,
      response: { 200: envelopeOf(adminWithdrawalSchema), ...errors },
    },
    handler: async (req) => ok(await review.failed(requireUser(req).id, req.params.id, req.body.note)),
  });
}
