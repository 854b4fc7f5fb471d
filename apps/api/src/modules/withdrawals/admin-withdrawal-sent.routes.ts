import {
  adminWithdrawalSentSchema,
  envelopeOf,
  errorEnvelopeSchema,
  uuidSchema,
  withdrawalCreatedSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/auth-caller';
import { recordSentByHand, type SentByHand } from './withdrawal-manual';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/**
 * Back office: a queued withdrawal an admin paid by hand (decision 0054): crypto on a network
 * without automatic payouts with its transaction hash, fiat other than EUR with the bank's reference.
 */
export async function adminWithdrawalSentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, ledger, chain, catalog, audit, withdrawalEvents } = app.services;
  const deps = { db, ledger, chain, catalog, audit, events: withdrawalEvents, log: app.log };

  app.post('/Admin/withdrawals/:id/sent', {
    config: { access: 'admin', stepUp: 'required' },
    schema: {
      tags: ['admin', 'withdrawals'],
      summary:
        'Record a withdrawal paid by hand: its transaction hash (a network without automatic payouts, claimed once) or its bank reference (fiat other than EUR); it completes',
      params: z.object({ id: uuidSchema }),
      body: adminWithdrawalSentSchema,
      response: { 200: envelopeOf(withdrawalCreatedSchema), ...errors },
    },
    handler: async (req) => {
      const row = await recordSentByHand(deps, requireUser(req).id, req.params.id, req.body as SentByHand);
      return ok({ id: row.id, status: row.status });
    },
  });
}
