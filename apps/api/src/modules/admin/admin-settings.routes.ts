import {
  ADMIN_PATHS,
  adminSetChatWidgetKeyRequestSchema,
  adminSetFeeRateRequestSchema,
  adminSetMinimumRequestSchema,
  decimalOutSchema,
  envelopeOf,
  errorEnvelopeSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/auth-caller';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };
const tags = ['admin'];

/** Server-side settings (DECISIONS §3, §8): minimum amount, chat widget key, conversion fee. */
export async function adminSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { adminSettings: settings } = app.services;

  app.get(ADMIN_PATHS.minimumTransactionAmount, {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'The minimum transaction amount in USD (decimal string)',
      response: { 200: envelopeOf(decimalOutSchema), ...errors },
    },
    handler: async () => ok(await settings.minimumTransactionAmount()),
  });

  app.post(ADMIN_PATHS.minimumTransactionAmount, {
    config: { access: 'admin', stepUp: 'required' },
    schema: {
      tags,
      summary: 'Set the minimum transaction amount (USD, at least 1, 2 decimals); pushed to every open page',
      body: adminSetMinimumRequestSchema,
      response: { 200: envelopeOf(decimalOutSchema), ...errors },
    },
    handler: async (req) =>
      ok(await settings.setMinimumTransactionAmount(requireUser(req).id, req.body.minimumTransactionAmount)),
  });

  app.get(ADMIN_PATHS.chatWidgetKey, {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'The chat widget key (null when none is set)',
      response: { 200: envelopeOf(z.string().nullable()), ...errors },
    },
    handler: async () => ok(await settings.chatWidgetKey()),
  });

  app.post(ADMIN_PATHS.chatWidgetKey, {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Set the chat widget key (saved trimmed, at least 10 characters)',
      body: adminSetChatWidgetKeyRequestSchema,
      response: { 200: envelopeOf(z.string()), ...errors },
    },
    handler: async (req) => ok(await settings.setChatWidgetKey(requireUser(req).id, req.body.chatWidgetKey)),
  });

  app.get(ADMIN_PATHS.conversionFee, {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'The conversion fee rate of non-premium users (0.005 = 0.5 %)',
      response: { 200: envelopeOf(decimalOutSchema), ...errors },
    },
    handler: async () => ok(await settings.feeRate()),
  });

  app.post(ADMIN_PATHS.conversionFee, {
    config: { access: 'admin', stepUp: 'required' },
    schema: {
      tags,
      summary: 'Set the conversion fee rate (0 to 0.1, at most 6 decimals); pushed to every open page',
      body: adminSetFeeRateRequestSchema,
      response: { 200: envelopeOf(decimalOutSchema), ...errors },
    },
    handler: async (req) => ok(await settings.setFeeRate(requireUser(req).id, req.body.feeRate)),
  });
}
