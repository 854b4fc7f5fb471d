import {
  envelopeOf,
  errorEnvelopeSchema,
  partnerEarningsSchema,
  partnerWithdrawRequestSchema,
  partnerWithdrawResponseSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope';
import { requirePartner } from '../require-partner';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };
const tags = ['partners'];
const security = [{ bearer: [] }];

/** The partner area's earnings (DECISIONS §11): what it earned per asset, and the move to its wallet. */
export async function partnerEarningsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { earnings } = app.services.partners;

  app.get('/partner/earnings', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Your commission earnings per asset: available (not yet moved) and earned in all',
      security,
      response: { 200: envelopeOf(partnerEarningsSchema), ...errors },
    },
    handler: async (req) => ok(await earnings.list((await requirePartner(req)).userId)),
  });

  app.post('/partner/earnings/withdraw', {
    config: { access: 'user' },
    schema: {
      tags,
      summary:
        'Move all available earnings of one asset to your wallet (one ledger entry); 409 NO_EARNINGS when none',
      security,
      body: partnerWithdrawRequestSchema,
      response: { 200: envelopeOf(partnerWithdrawResponseSchema), ...errors },
    },
    handler: async (req) => ok(await earnings.withdraw((await requirePartner(req)).userId, req.body.assetId)),
  });
}
