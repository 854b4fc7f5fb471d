import {
  adminChainDepositsPageSchema,
  adminPageQuerySchema,
  adminPayoutSchema,
  adminPayoutsPageSchema,
  adminPayoutsQuerySchema,
  bumpPayoutSchema,
  CHAIN_ERRORS,
  chainDepositIdParamsSchema,
  chainNetworkParamsSchema,
  chainStatusSchema,
  envelopeOf,
  errorEnvelopeSchema,
  operatorTransferSchema,
  payoutIdParamsSchema,
  refundChainDepositSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { badRequest } from '../../lib/errors';
import { requireUser } from '../../plugins/auth-caller';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/**
 * Back office, Networks (DECISIONS §10): each watched network's node, scan and hot wallet; the payout
 * queue with Send (over the limits, or blocked), Retry (failed), Cancel and Redirect (one that cannot
 * go); the transfers seen, with the Refund of one held for an admin.
 */
export async function adminChainRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { chain, audit, exchange } = app.services;

  app.get('/Admin/chains', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'chains'],
      summary: 'Watched networks: node reachable, last block read, head, lag, hot wallet and balances',
      response: { 200: envelopeOf(chainStatusSchema), ...errors },
    },
    handler: async () => ok(await chain.admin.status()),
  });

  app.post('/Admin/chains/:network/operatorTransfers', {
    config: { access: 'admin', stepUp: 'required' },
    schema: {
      tags: ['admin', 'chains'],
      summary:
        "Book the operator's own coins moved in (a hot wallet top-up) or out (a sweep of deposit addresses) outside the product, so the books match the chain",
      params: chainNetworkParamsSchema,
      body: operatorTransferSchema,
      response: { 200: envelopeOf(z.literal(true)), ...errors },
    },
    handler: async (req) => {
      const network = chain.networks().find((n) => n === req.params.network);
      if (!network) throw badRequest(CHAIN_ERRORS.notWatched, 'NOT_WATCHED');
      await chain.bookOperatorTransfer(network, requireUser(req).id, req.body, audit);
      return ok(true as const);
    },
  });

  app.get('/Admin/chains/payouts', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'chains'],
      summary:
        'Payouts, newest first: view waiting (approval, funds, blocked), sent, confirmed, failed or cancelled',
      querystring: adminPayoutsQuerySchema,
      response: { 200: envelopeOf(adminPayoutsPageSchema), ...errors },
    },
    handler: async (req) => ok(await chain.admin.payouts(req.query)),
  });

  app.post('/Admin/chains/payouts/:id/send', {
    config: { access: 'admin', stepUp: 'required' },
    schema: {
      tags: ['admin', 'chains'],
      summary:
        'Send a payout that waits for approval (over the automatic limit or the daily cap), or try a blocked one again',
      params: payoutIdParamsSchema,
      response: { 200: envelopeOf(adminPayoutSchema), ...errors },
    },
    handler: async (req) => ok(await chain.admin.send(requireUser(req).id, req.params.id, audit)),
  });

  app.post('/Admin/chains/payouts/:id/retry', {
    config: { access: 'admin', stepUp: 'required' },
    schema: {
      tags: ['admin', 'chains'],
      summary:
        'Retry a failed payout: a new transaction, signed anew, once the chain shows the hot wallet did not pay it already',
      params: payoutIdParamsSchema,
      response: { 200: envelopeOf(adminPayoutSchema), ...errors },
    },
    handler: async (req) => ok(await chain.admin.retry(requireUser(req).id, req.params.id, audit)),
  });

  app.post('/Admin/chains/payouts/:id/bump', {
    config: { access: 'admin', stepUp: 'required' },
    schema: {
      tags: ['admin', 'chains'],
      summary:
        'Bump the fee of a BTC or LTC payout sent and not yet mined (RBF): its transaction is replaced by one paying the same payouts at this rate; at most one of the two is mined',
      params: payoutIdParamsSchema,
      body: bumpPayoutSchema,
      response: { 200: envelopeOf(adminPayoutSchema), ...errors },
    },
    handler: async (req) =>
      ok(await chain.admin.bump(requireUser(req).id, req.params.id, Number(req.body.feeRate), audit)),
  });

  app.post('/Admin/chains/payouts/:id/cancel', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'chains'],
      summary:
        'Cancel a payout that cannot go (waiting, blocked, or failed and checked unpaid): nothing is paid, and what it settled waits for an admin again',
      params: payoutIdParamsSchema,
      response: { 200: envelopeOf(adminPayoutSchema), ...errors },
    },
    handler: async (req) => ok(await chain.admin.cancel(requireUser(req).id, req.params.id, audit)),
  });

  app.post('/Admin/chains/payouts/:id/redirect', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'chains'],
      summary:
        "Redirect an exchange's payout that cannot go to its refund address: the payout is cancelled and the deposit refunded instead, never both",
      params: payoutIdParamsSchema,
      response: { 200: envelopeOf(adminPayoutSchema), ...errors },
    },
    handler: async (req) => ok(await chain.admin.redirect(requireUser(req).id, req.params.id, audit)),
  });

  app.get('/Admin/chains/deposits', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'chains'],
      summary: 'Transfers seen to watched addresses, newest first, with their confirmations',
      querystring: adminPageQuerySchema,
      response: { 200: envelopeOf(adminChainDepositsPageSchema), ...errors },
    },
    handler: async (req) => ok(await chain.admin.deposits(req.query)),
  });

  app.post('/Admin/chains/deposits/:id/refund', {
    config: { access: 'admin', stepUp: 'required' },
    schema: {
      tags: ['admin', 'chains'],
      summary: 'Refund a transfer held for an admin (after its exchange was settled, or another asset)',
      params: chainDepositIdParamsSchema,
      body: refundChainDepositSchema,
      response: { 200: envelopeOf(z.literal(true)), ...errors },
    },
    handler: async (req) => {
      await exchange.refundChainDeposit(
        requireUser(req).id,
        req.params.id,
        req.body.address,
        req.body.payoutHash,
      );
      return ok(true as const);
    },
  });
}
