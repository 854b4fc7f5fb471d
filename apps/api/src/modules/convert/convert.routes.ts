import {
  conversionsPageQuerySchema,
  convertRequestSchema,
  convertResponseSchema,
  convertTransactionSchema,
  envelopeOf,
  errorEnvelopeSchema,
  lockIdQuerySchema,
  lockRequestSchema,
  priceLockSchema,
  transactionIdQuerySchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireTokenUser, requireUser } from '../../plugins/auth-caller';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/** AssetConvert calls of spec-1 §7 (signed-in users). */
export async function convertRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { convert } = app.services;

  // The two hot calls check the caller's account inside their one SQL statement (userCheck).
  app.post('/AssetConvert/lock', {
    config: { access: 'user', userCheck: 'in-query' },
    schema: {
      tags: ['convert'],
      summary: `Lock the price of a pair for LOCK_TTL_SECONDS (default 60 s)`,
      body: lockRequestSchema,
      response: { 200: envelopeOf(priceLockSchema), ...errors },
    },
    handler: async (req) =>
      ok(await convert.lock(requireTokenUser(req), req.body.leftAssetId, req.body.rightAssetId)),
  });

  app.get('/AssetConvert/lock', {
    config: { access: 'user' },
    schema: {
      tags: ['convert'],
      summary: 'One of your own price locks',
      querystring: lockIdQuerySchema,
      response: { 200: envelopeOf(priceLockSchema), ...errors },
    },
    handler: async (req) => ok(await convert.getLock(requireUser(req), req.query.id)),
  });

  app.delete('/AssetConvert/lock', {
    config: { access: 'user' },
    schema: {
      tags: ['convert'],
      summary: 'Cancel one of your own unused price locks',
      querystring: lockIdQuerySchema,
      response: { 200: envelopeOf(z.literal(true)), ...errors },
    },
    handler: async (req) => {
      await convert.cancel(requireUser(req), req.query.id);
      return ok(true as const);
    },
  });

  app.post('/AssetConvert/convert', {
    config: { access: 'user', userCheck: 'in-query' },
    schema: {
      tags: ['convert'],
      summary: 'Convert an amount at a locked price; content is the transaction id',
      body: convertRequestSchema,
      response: { 200: envelopeOf(convertResponseSchema), ...errors },
    },
    handler: async (req) =>
      ok(await convert.convert(requireTokenUser(req), req.body.transactionLockId, req.body.amount)),
  });

  app.get('/AssetConvert/transaction', {
    config: { access: 'user' },
    schema: {
      tags: ['convert'],
      summary: 'One of your own conversions',
      querystring: transactionIdQuerySchema,
      response: { 200: envelopeOf(convertTransactionSchema), ...errors },
    },
    handler: async (req) => ok(await convert.transaction(requireUser(req), req.query.id)),
  });

  app.get('/AssetConvert/transactions', {
    config: { access: 'user' },
    schema: {
      tags: ['convert'],
      summary:
        'Your conversions, newest first, a page at a time (page, pageSize ≤ 100); header X-Total-Count: all of them',
      querystring: conversionsPageQuerySchema,
      response: { 200: envelopeOf(z.array(convertTransactionSchema)), ...errors },
    },
    handler: async (req, reply) => {
      const { items, total } = await convert.transactions(
        requireUser(req),
        req.query.page,
        req.query.pageSize,
      );
      void reply.header('x-total-count', String(total));
      return ok(items);
    },
  });
}
