import {
  createPartnerKeyRequestSchema,
  createPartnerKeyResponseSchema,
  envelopeOf,
  errorEnvelopeSchema,
  partnerAccountSchema,
  partnerIdParamsSchema,
  partnerKeysSchema,
  setPartnerCommissionRequestSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requirePartner } from './require-partner';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };
const tags = ['partners'];
const security = [{ bearer: [] }];

/**
 * The partner area (DECISIONS §11): a signed-in partner's own account, commission and API keys.
 * Access 'user' (the session and account are checked by the auth plugin), then requirePartner.
 */
export async function partnerAreaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { accounts } = app.services.partners;

  app.get('/partner', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Your partner account: maximum commission and the commission you chose',
      security,
      response: { 200: envelopeOf(partnerAccountSchema), ...errors },
    },
    handler: async (req) => ok(await accounts.get((await requirePartner(req)).userId)),
  });

  app.put('/partner/commission', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Choose your commission (a fraction from 0 to your maximum, e.g. 0.01 for 1 %)',
      security,
      body: setPartnerCommissionRequestSchema,
      response: { 200: envelopeOf(partnerAccountSchema), ...errors },
    },
    handler: async (req) =>
      ok(await accounts.setCommission((await requirePartner(req)).userId, req.body.commission)),
  });

  app.post('/partner/keys', {
    config: { access: 'user', stepUp: 'ifEnrolled' },
    schema: {
      tags,
      summary: 'Create an API key; the answer is the only time the key is shown (only its hash is kept)',
      security,
      body: createPartnerKeyRequestSchema,
      response: { 200: envelopeOf(createPartnerKeyResponseSchema), ...errors },
    },
    handler: async (req) => {
      const { userId } = await requirePartner(req);
      return ok(await accounts.createKey(userId, req.body.name, req.body.scopes));
    },
  });

  app.get('/partner/keys', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Your API keys, newest first, by their visible prefix (never the key itself)',
      security,
      response: { 200: envelopeOf(partnerKeysSchema), ...errors },
    },
    handler: async (req) => ok(await accounts.listKeys((await requirePartner(req)).userId)),
  });

  app.delete('/partner/keys/:id', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Revoke one of your API keys: refused from the next request on',
      security,
      params: partnerIdParamsSchema,
      response: { 200: envelopeOf(z.literal(true)), ...errors },
    },
    handler: async (req) => {
      await accounts.revokeKey((await requirePartner(req)).userId, req.params.id);
      return ok(true as const);
    },
  });
}
