import {
  envelopeOf,
  errorEnvelopeSchema,
  uuidSchema,
  withdrawalAddressListSchema,
  withdrawalAddressRemoveByTokenSchema,
  withdrawalAddressRequestSchema,
  withdrawalAddressSchema,
  withdrawalCreatedSchema,
  withdrawalListQuerySchema,
  withdrawalListSchema,
  withdrawalQuoteRequestSchema,
  withdrawalQuoteSchema,
  withdrawalRequestSchema,
  withdrawalSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { attemptRateLimit } from '../../lib/rate-limit';
import { requireUser } from '../../plugins/auth-caller';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };
const idParams = z.object({ id: uuidSchema });

/** Money out, the user's side (issue 31, decision 0054). */
export async function withdrawalsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { withdrawals } = app.services;
  const tags = ['withdrawals'];

  app.get('/Withdrawals/addresses', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Your address book',
      response: { 200: envelopeOf(withdrawalAddressListSchema), ...errors },
    },
    handler: async (req) => ok({ items: await withdrawals.addresses.list(requireUser(req).id) }),
  });

  app.post('/Withdrawals/addresses', {
    config: { access: 'user', stepUp: 'required' },
    schema: {
      tags,
      summary:
        'Add an address (checked for the network; usable after WITHDRAWAL_ADDRESS_HOLD_HOURS; e-mailed with a link that removes it); needs a recent second factor or `twoFactor`',
      body: withdrawalAddressRequestSchema,
      response: { 200: envelopeOf(withdrawalAddressSchema), ...errors },
    },
    handler: async (req) => ok(await withdrawals.addresses.add(requireUser(req).id, req.body)),
  });

  // The e-mail's link: no sign-in; the one-use token is the proof.
  app.post('/Withdrawals/addresses/remove', {
    config: { access: 'public', rateLimit: attemptRateLimit(app.config) },
    schema: {
      tags,
      summary: "Remove an address with the token of its e-mail's link (no sign-in; once)",
      body: withdrawalAddressRemoveByTokenSchema,
      response: { 200: envelopeOf(z.null()), ...errors },
    },
    handler: async (req) => {
      await withdrawals.addresses.removeByToken(req.body.token);
      return ok(null);
    },
  });

  app.delete('/Withdrawals/addresses/:id', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Remove an address of your address book',
      params: idParams,
      response: { 200: envelopeOf(z.null()), ...errors },
    },
    handler: async (req) => {
      await withdrawals.addresses.remove(requireUser(req).id, req.params.id);
      return ok(null);
    },
  });

  app.post('/Withdrawals/quote', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Fee, what arrives, the total taken from the wallet, the available balance, the minimum',
      body: withdrawalQuoteRequestSchema,
      response: { 200: envelopeOf(withdrawalQuoteSchema), ...errors },
    },
    handler: async (req) =>
      ok(await withdrawals.quote(requireUser(req).id, req.body.assetId, req.body.amount)),
  });

  app.post('/Withdrawals', {
    // A second factor given with this very request: a recent one of the session does not count.
    config: { access: 'user', stepUp: 'always' },
    schema: {
      tags,
      summary:
        'Withdraw to an address of your book or to your approved bank account; needs `twoFactor` in this request',
      body: withdrawalRequestSchema,
      response: { 200: envelopeOf(withdrawalCreatedSchema), ...errors },
    },
    handler: async (req) => ok(await withdrawals.request(requireUser(req).id, req.body)),
  });

  app.get('/Withdrawals', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Your withdrawals, newest first (keyset pages: `after` is the previous answer’s `next`)',
      querystring: withdrawalListQuerySchema,
      response: { 200: envelopeOf(withdrawalListSchema), ...errors },
    },
    handler: async (req) => ok(await withdrawals.list(requireUser(req).id, req.query)),
  });

  app.get('/Withdrawals/:id', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'One of your withdrawals',
      params: idParams,
      response: { 200: envelopeOf(withdrawalSchema), ...errors },
    },
    handler: async (req) => ok(await withdrawals.get(requireUser(req).id, req.params.id)),
  });

  app.post('/Withdrawals/:id/cancel', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Cancel one of your withdrawals while nothing has left (its money comes back)',
      params: idParams,
      response: { 200: envelopeOf(withdrawalSchema), ...errors },
    },
    handler: async (req) => ok(await withdrawals.cancel(requireUser(req).id, req.params.id)),
  });
}
