import {
  CURRENCY_HEADER,
  currencySchema,
  envelopeOf,
  errorEnvelopeSchema,
  walletIdParamsSchema,
  walletSchema,
  walletTickerParamsSchema,
  walletTotalsSchema,
} from '@vaultline/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { badRequest } from '../../lib/errors';
import { requireUser } from '../../plugins/auth-caller';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/** Wallets of spec-1 §7 / spec-2 §7: the asset list with rates in the display currency and balances. */
export async function walletsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { wallets } = app.services;

  // Read by hand (not a headers schema, which would replace req.headers and drop the bearer token).
  function headerCurrency(req: FastifyRequest): string | undefined {
    const raw = req.headers[CURRENCY_HEADER];
    if (raw === undefined || raw === '') return undefined;
    const parsed = currencySchema.safeParse(typeof raw === 'string' ? raw.toUpperCase() : raw);
    if (!parsed.success)
      throw badRequest('Unsupported currency', 'VALIDATION', { [CURRENCY_HEADER]: 'Unsupported currency' });
    return parsed.data;
  }
  const currencyOf = (req: FastifyRequest) => wallets.displayCurrency(req.auth?.id, headerCurrency(req));
  // Guests' answers are sent again from the public read cache until prices or assets change
  // (decision 0024); a display currency header makes another answer, so Fastify answers it.
  const publicCache = { version: wallets.publicVersion, varyHeaders: [CURRENCY_HEADER] };

  app.get('/Wallets/list', {
    config: { access: 'public', publicCache },
    schema: {
      tags: ['wallets'],
      summary: 'All enabled assets with the rate into the display currency; amounts for a signed-in caller',
      response: { 200: envelopeOf(z.array(walletSchema)), ...errors },
    },
    handler: async (req, reply) => {
      const currency = await currencyOf(req);
      if (req.auth) return ok(await wallets.list(currency, req.auth.id));
      // Guests get the cached, already serialised envelope (rebuilt when prices or assets change).
      const json = await wallets.guestListJson(currency);
      // A string with a JSON content type is sent as is (the type provider cannot know that).
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  });

  app.get('/Wallets', {
    config: { access: 'user' },
    schema: {
      tags: ['wallets'],
      summary: "The signed-in user's wallets with amounts",
      response: { 200: envelopeOf(z.array(walletSchema)), ...errors },
    },
    handler: async (req) => {
      const user = requireUser(req);
      return ok(await wallets.list(await currencyOf(req), user.id));
    },
  });

  app.get('/Wallets/totals', {
    config: { access: 'user' },
    schema: {
      tags: ['wallets'],
      summary: 'Account, fiat and crypto totals in the display currency, and their 24 h change',
      response: { 200: envelopeOf(walletTotalsSchema), ...errors },
    },
    handler: async (req) => {
      const user = requireUser(req);
      return ok(await wallets.totals(user.id, await currencyOf(req)));
    },
  });

  app.get('/Wallets/wallet/ticker/:ticker', {
    config: { access: 'public', publicCache },
    schema: {
      tags: ['wallets'],
      summary: 'One wallet by ticker (amount for a signed-in caller)',
      params: walletTickerParamsSchema,
      response: { 200: envelopeOf(walletSchema), ...errors },
    },
    handler: async (req) =>
      ok(await wallets.byTicker(req.params.ticker, await currencyOf(req), req.auth?.id)),
  });

  app.get('/Wallets/wallet/:id', {
    config: { access: 'public', publicCache },
    schema: {
      tags: ['wallets'],
      summary: 'One wallet by id (amount for a signed-in caller)',
      params: walletIdParamsSchema,
      response: { 200: envelopeOf(walletSchema), ...errors },
    },
    handler: async (req) => ok(await wallets.byId(req.params.id, await currencyOf(req), req.auth?.id)),
  });

  // A missing path segment lands here rather than on the 404 of an unknown route. Not operations of
  // their own, so left out of the OpenAPI document (which also refuses paths ending in "/").
  app.get('/Wallets/wallet/', {
    config: { access: 'public' },
    schema: { hide: true, tags: ['wallets'], summary: 'Empty wallet id', response: errors },
    handler: async () => {
      throw badRequest('Invalid wallet ID', 'INVALID_WALLET_ID');
    },
  });
  app.get('/Wallets/wallet/ticker/', {
    config: { access: 'public' },
    schema: { hide: true, tags: ['wallets'], summary: 'Empty ticker', response: errors },
    handler: async () => {
      throw badRequest('Invalid ticker', 'INVALID_TICKER');
    },
  });
}
