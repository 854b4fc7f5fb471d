import {
  envelopeOf,
  errorEnvelopeSchema,
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  v1CoinsSchema,
  v1ExchangeIdParamsSchema,
  v1ExchangeSchema,
  v1ExchangesPageSchema,
  v1ExchangesQuerySchema,
  v1FixedExchangeRequestSchema,
  v1QuoteRequestSchema,
  v1QuoteSchema,
  v1VariableExchangeRequestSchema,
} from '@vaultline/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../lib/envelope';
import { requirePartnerKey } from '../../../plugins/auth-caller';
import { keyCreateLimit, partnerRateLimits } from '../partner-rate-limit';
import { createIdempotency, type Idempotent, type KeyHold } from './idempotency';
import { V1_EXAMPLES as X } from './v1-examples';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };
const security = [{ partnerKey: [] }];
const tags = ['partner-api'];
const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z.string().optional().meta({
    description:
      'Optional. The same key and body replay the first answer; another body with the key is refused (422).',
  }),
  'x-end-user-ip': z.string().optional().meta({ description: 'The end user’s IP address (rate limits)' }),
});

function send<T>(reply: FastifyReply, r: Idempotent<T>) {
  if (r.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return reply.code(r.status).send(ok(r.body));
}

/** The partner API, version 1 (DECISIONS §11, decision 0034), under /api/v1 with an API key. */
export async function v1Routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const api = app.services.partners.api;
  const limits = partnerRateLimits(app.config);
  // Every create counts against its key too, whatever end user it names (the route's own limit).
  const perKey = keyCreateLimit(app, app.config);
  const idempotent = createIdempotency(app.services.db, {
    windowSeconds: app.config.partnerIdempotencyWindowSeconds,
  });
  /** A create under the request's Idempotency-Key (decision 0034): 201, or the replayed answer. */
  const createUnderKey = async (
    req: FastifyRequest,
    reply: FastifyReply,
    route: string,
    make: (partnerId: string, hold?: KeyHold) => Promise<unknown>,
  ) => {
    const { partnerId } = requirePartnerKey(req);
    const r = await idempotent(
      partnerId,
      req.headers[IDEMPOTENCY_HEADER],
      route,
      req.body,
      201,
      (hold) => make(partnerId, hold),
      (id) => api.get(partnerId, id),
    );
    return send(reply, r);
  };

  app.get('/v1/coins', {
    config: { access: 'partner', partnerScope: 'read', rateLimit: limits.read },
    schema: {
      tags,
      security,
      summary: 'Every crypto asset offered: network, decimals, memo, minimum and maximum, variable allowed',
      response: { 200: envelopeOf(v1CoinsSchema).meta({ examples: [ok([X.coin])] }), ...errors },
    },
    handler: async () => ok(await api.coins()),
  });

  app.post('/v1/quotes', {
    config: { access: 'partner', partnerScope: 'exchanges', rateLimit: limits.create },
    onRequest: perKey,
    schema: {
      tags,
      security,
      summary: 'A fixed quote for 15 minutes at the server’s prices, fee and your commission included',
      body: v1QuoteRequestSchema.meta({ examples: [X.quoteRequest] }),
      response: { 201: envelopeOf(v1QuoteSchema).meta({ examples: [ok(X.quote)] }), ...errors },
    },
    handler: async (req, reply) =>
      reply.code(201).send(ok(await api.quote(requirePartnerKey(req).partnerId, req.body))),
  });

  app.post('/v1/exchanges/fixed', {
    config: { access: 'partner', partnerScope: 'exchanges', rateLimit: limits.create },
    onRequest: perKey,
    schema: {
      tags,
      security,
      summary: 'An exchange from your quote (unexpired, used once); Idempotency-Key optional',
      headers: idempotencyHeaders,
      body: v1FixedExchangeRequestSchema.meta({ examples: [X.fixedRequest] }),
      response: { 201: envelopeOf(v1ExchangeSchema).meta({ examples: [ok(X.exchange)] }), ...errors },
    },
    handler: (req, reply) =>
      createUnderKey(req, reply, 'exchanges/fixed', (partnerId, hold) =>
        api.createFixed(partnerId, req.body, hold),
      ),
  });

  app.post('/v1/exchanges/variable', {
    config: { access: 'partner', partnerScope: 'exchanges', rateLimit: limits.create },
    onRequest: perKey,
    schema: {
      tags,
      security,
      summary: 'A variable-rate exchange (watched networks only, else 422): priced when its deposit is final',
      headers: idempotencyHeaders,
      body: v1VariableExchangeRequestSchema.meta({ examples: [X.variableRequest] }),
      response: {
        201: envelopeOf(v1ExchangeSchema).meta({ examples: [ok({ ...X.exchange, mode: 'variable' })] }),
        ...errors,
      },
    },
    handler: (req, reply) =>
      createUnderKey(req, reply, 'exchanges/variable', (partnerId, hold) =>
        api.createVariable(partnerId, req.body, hold),
      ),
  });

  app.get('/v1/exchanges/:id', {
    config: { access: 'partner', partnerScope: 'read', rateLimit: limits.read },
    schema: {
      tags,
      security,
      summary: 'One of your exchanges (another partner’s is not found)',
      params: v1ExchangeIdParamsSchema,
      response: { 200: envelopeOf(v1ExchangeSchema).meta({ examples: [ok(X.exchange)] }), ...errors },
    },
    handler: async (req) => ok(await api.get(requirePartnerKey(req).partnerId, req.params.id)),
  });

  app.get('/v1/exchanges', {
    config: { access: 'partner', partnerScope: 'read', rateLimit: limits.read },
    schema: {
      tags,
      security,
      summary: 'Your exchanges, newest first; pass nextCursor as cursor for the next page',
      querystring: v1ExchangesQuerySchema,
      response: {
        200: envelopeOf(v1ExchangesPageSchema).meta({
          examples: [ok({ items: [X.exchange], nextCursor: X.cursor })],
        }),
        ...errors,
      },
    },
    handler: async (req) =>
      ok(await api.list(requirePartnerKey(req).partnerId, req.query.cursor, req.query.limit)),
  });
}
