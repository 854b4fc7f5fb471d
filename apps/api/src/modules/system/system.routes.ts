import {
  countrySchema,
  envelopeOf,
  errorEnvelopeSchema,
  healthSchema,
  pingSchema,
  publicSettingsSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cachedEnvelope, JSON_TYPE, ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';

export async function systemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { system } = app.services;
  const settingsJson = cachedEnvelope(publicSettingsSchema, (settings: object) => ({
    ...settings,
    lockTtlSeconds: app.config.lockTtlSeconds,
  }));

  app.get('/ping', {
    config: { access: 'public' },
    schema: { tags: ['system'], summary: 'Health check', response: { 200: envelopeOf(pingSchema) } },
    handler: async () => ok({ status: 'ok' as const, time: new Date().toISOString() }),
  });

  // Liveness: the process answers. Readiness: it also reaches its database (and Redis when set) and
  // is not shutting down, so a load balancer stops sending it work before it stops (SIGTERM).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.get('/health/live', {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary: 'Liveness: the process answers',
      response: { 200: envelopeOf(healthSchema) },
    },
    handler: async () =>
      ok({ status: 'ok' as const, instance: app.config.instanceName, checks: { process: true } }),
  });
  app.get('/health/ready', {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary: 'Readiness: database (and Redis when configured) reachable and not shutting down; else 503',
      response: { 200: envelopeOf(healthSchema), '5xx': errorEnvelopeSchema },
    },
    handler: async () => {
      const { redis } = app.services;
      const within = <T>(p: Promise<T>) =>
        Promise.race([
          p,
          new Promise<never>((_, no) => setTimeout(() => no(new Error('timeout')), 2000).unref()),
        ]);
      const [database, cache] = await Promise.all([
        within(system.ping()).then(
          () => true,
          () => false,
        ),
        redis
          ? within(redis.ping()).then(
              () => true,
              () => false,
            )
          : Promise.resolve(true),
      ]);
      const checks = { database, redis: cache, accepting: !closing };
      if (!database || !cache || closing)
        throw new AppError(503, 'NOT_READY', 'This instance is not ready to serve requests.');
      return ok({ status: 'ok' as const, instance: app.config.instanceName, checks });
    },
  });

  // Reference data, loaded once and never changed while the server runs: the public read cache
  // (decision 0024) keeps its answer for good.
  app.get('/countries', {
    config: { access: 'public', publicCache: { version: () => 'reference data' } },
    schema: {
      tags: ['system'],
      summary: 'ISO 3166-1 countries with names in the four languages',
      response: { 200: envelopeOf(z.array(countrySchema)) },
    },
    handler: async () => ok(await system.countries()),
  });

  // Sent again from the public read cache while the settings snapshot is the same (decision 0024).
  app.get('/settings', {
    config: { access: 'public', publicCache: { version: system.settingsVersion } },
    schema: {
      tags: ['system'],
      summary:
        'Public settings: minimum transaction amount (USD), chat widget key, fee rate, partners, lock lifetime',
      response: { 200: envelopeOf(publicSettingsSchema), '4xx': errorEnvelopeSchema },
    },
    handler: async (_req, reply) => {
      const settings = await system.publicSettings();
      // One JSON per settings snapshot (the cache keeps one for 2 s, or until an admin's change).
      const json = await settingsJson(settings);
      return reply.type(JSON_TYPE).send(json as never);
    },
  });
}
