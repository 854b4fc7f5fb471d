import {
  countrySchema,
  envelopeOf,
  errorEnvelopeSchema,
  pingSchema,
  publicSettingsSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';

export async function systemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { system } = app.services;

  app.get('/ping', {
    config: { access: 'public' },
    schema: { tags: ['system'], summary: 'Health check', response: { 200: envelopeOf(pingSchema) } },
    handler: async () => ok({ status: 'ok' as const, time: new Date().toISOString() }),
  });

  app.get('/countries', {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary: 'ISO 3166-1 countries with names in the four languages',
      response: { 200: envelopeOf(z.array(countrySchema)) },
    },
    handler: async () => ok(await system.countries()),
  });

  app.get('/settings', {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary:
        'Public settings: minimum transaction amount (USD), chat widget key, fee rate, partners, lock lifetime',
      response: { 200: envelopeOf(publicSettingsSchema), '4xx': errorEnvelopeSchema },
    },
    handler: async () =>
      ok({ ...(await system.publicSettings()), lockTtlSeconds: app.config.lockTtlSeconds }),
  });
}
