import {
  currentPricesSchema,
  envelopeOf,
  errorEnvelopeSchema,
  exchangeRateQuerySchema,
  exchangeRateSchema,
  priceHistoryQuerySchema,
  priceHistorySchema,
  toPlain,
  WALLET_ERRORS,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cachedEnvelope, JSON_TYPE, ok } from '../../lib/envelope';
import { badRequest, notFound } from '../../lib/errors';
import { publicCacheUntil } from '../../plugins/public-cache';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/** Prices and the public exchange rate. */
export async function pricesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { prices, wallets } = app.services;
  const catalog = wallets.catalog;

  // Rebuilt when the prices or the catalogue change, not per request.
  const pricesJson = cachedEnvelope<string, unknown>(currentPricesSchema, async () => {
    const list = [];
    let oldest: Date | undefined;
    for (const a of await catalog.all()) {
      const p = prices.price(a.ticker);
      if (!p) continue;
      if (!oldest || p.takenAt < oldest) oldest = p.takenAt;
      list.push({ assetId: a.id, ticker: a.ticker, usd: toPlain(p.usd) });
    }
    return {
      source: prices.sourceId,
      indicative: prices.indicative,
      takenAt: (oldest ?? new Date(0)).toISOString(),
      prices: list,
    };
  });

  // Sent again from the public read cache until prices or assets change (decision 0024); a rate
  // also until its prices go stale (then Fastify answers 503 PRICES_STALE).
  app.get('/PublicExchange/exchangeRate', {
    config: { access: 'public', publicCache: { version: wallets.publicVersion, expires: true } },
    schema: {
      tags: ['prices'],
      summary: '1 source = content destination, as a decimal string (refused when prices are stale)',
      querystring: exchangeRateQuerySchema,
      response: { 200: envelopeOf(exchangeRateSchema), ...errors },
    },
    handler: async (req, reply) => {
      const [left, right] = await Promise.all([
        catalog.byId(req.query.sourceWalletId),
        catalog.byId(req.query.destinationWalletId),
      ]);
      if (!left || !right) throw notFound(WALLET_ERRORS.notFound, 'WALLET_NOT_FOUND');
      const rate = prices.freshRateText(left.ticker, right.ticker);
      publicCacheUntil(req, prices.freshUntil(left.ticker, right.ticker));
      // Hot public read: the envelope around a plain decimal string, written without the serializer.
      const json = `{"success":true,"content":"${rate}","error":null}`;
      return reply.type(JSON_TYPE).send(json as never);
    },
  });

  app.get('/prices', {
    config: { access: 'public', publicCache: { version: wallets.publicVersion } },
    schema: {
      tags: ['prices'],
      summary: 'Current USD price of every enabled asset',
      response: { 200: envelopeOf(currentPricesSchema), ...errors },
    },
    handler: async (_req, reply) => {
      await catalog.all(); // reloads the catalogue when its time is up, which moves its version
      const json = await pricesJson(`${prices.version}:${catalog.version}`);
      return reply.type(JSON_TYPE).send(json as never);
    },
  });

  app.get('/prices/history', {
    config: { access: 'public' },
    schema: {
      tags: ['prices'],
      summary: 'USD price series of one asset over the last `hours` (for its chart)',
      querystring: priceHistoryQuerySchema,
      response: { 200: envelopeOf(priceHistorySchema), ...errors },
    },
    handler: async (req) => {
      const asset = await catalog.byTicker(req.query.ticker);
      if (!req.query.ticker.trim()) throw badRequest(WALLET_ERRORS.invalidTicker, 'INVALID_TICKER');
      if (!asset) throw notFound(WALLET_ERRORS.tickerNotFound(req.query.ticker), 'WALLET_NOT_FOUND');
      const points = await prices.history(asset.ticker, req.query.hours);
      return ok({
        ticker: asset.ticker,
        source: prices.sourceId,
        indicative: prices.indicative,
        points: points.map((p) => ({ usd: toPlain(p.usd), takenAt: p.takenAt.toISOString() })),
      });
    },
  });
}
