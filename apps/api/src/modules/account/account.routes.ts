import {
  currencyQuerySchema,
  envelopeOf,
  errorEnvelopeSchema,
  languageQuerySchema,
  userSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/auth-caller';

export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { account } = app.services;
  const userResponse = { 200: envelopeOf(userSchema), '4xx': errorEnvelopeSchema };

  app.get('/User', {
    config: { access: 'user' },
    schema: {
      tags: ['account'],
      summary: "The signed-in user's profile and preferences",
      security: [{ bearer: [] }],
      response: userResponse,
    },
    handler: async (req) => ok(await account.getUser(requireUser(req).id)),
  });

  app.post('/User/language', {
    config: { access: 'user' },
    schema: {
      tags: ['account'],
      summary: 'Store the preferred language (en-us, fr-fr, de-de, ru-ru); returns the user',
      security: [{ bearer: [] }],
      querystring: languageQuerySchema,
      response: userResponse,
    },
    handler: async (req) => ok(await account.setLanguage(requireUser(req).id, req.query.lang)),
  });

  app.post('/User/currency', {
    config: { access: 'user' },
    schema: {
      tags: ['account'],
      summary: 'Store the preferred display currency; returns the user',
      security: [{ bearer: [] }],
      querystring: currencyQuerySchema,
      response: userResponse,
    },
    handler: async (req) => ok(await account.setCurrency(requireUser(req).id, req.query.currency)),
  });
}
