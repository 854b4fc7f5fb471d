import {
  addressSchema,
  addressUpdateRequestSchema,
  bankAccountSchema,
  envelopeOf,
  errorEnvelopeSchema,
  ibanUpdateRequestSchema,
  userSchema,
  userUpdateRequestSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/auth-caller';

const errors = { '4xx': errorEnvelopeSchema };

/** My-account calls (spec-2 §7): profile update, postal address and bank account (IBAN). */
export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { profile } = app.services;

  app.post('/User/update', {
    config: { access: 'user' },
    schema: {
      tags: ['account'],
      summary:
        'Change profile fields (only those sent); a new e-mail needs currentPassword and must be free. Returns the user',
      security: [{ bearer: [] }],
      body: userUpdateRequestSchema,
      response: { 200: envelopeOf(userSchema), ...errors },
    },
    handler: async (req) => ok(await profile.update(requireUser(req).id, req.body)),
  });

  app.get('/User/address', {
    config: { access: 'user' },
    schema: {
      tags: ['account'],
      summary: "The signed-in user's postal address, or null",
      security: [{ bearer: [] }],
      response: { 200: envelopeOf(addressSchema.nullable()), ...errors },
    },
    handler: async (req) => ok(await profile.getAddress(requireUser(req).id)),
  });

  app.post('/User/address', {
    config: { access: 'user' },
    schema: {
      tags: ['account'],
      summary: 'Set the postal address (street, city, postal code, country id); returns it',
      security: [{ bearer: [] }],
      body: addressUpdateRequestSchema,
      response: { 200: envelopeOf(addressSchema), ...errors },
    },
    handler: async (req) => ok(await profile.setAddress(requireUser(req).id, req.body)),
  });

  app.get('/User/iban', {
    config: { access: 'user' },
    schema: {
      tags: ['account'],
      summary: "The signed-in user's bank account (IBAN and review status), or null",
      security: [{ bearer: [] }],
      response: { 200: envelopeOf(bankAccountSchema.nullable()), ...errors },
    },
    handler: async (req) => ok(await profile.getBankAccount(requireUser(req).id)),
  });

  app.post('/User/iban', {
    config: { access: 'user' },
    schema: {
      tags: ['account'],
      summary:
        'Set the IBAN (checked: country, length, format, check digits). A new IBAN waits for review (status -1)',
      security: [{ bearer: [] }],
      body: ibanUpdateRequestSchema,
      response: { 200: envelopeOf(bankAccountSchema), ...errors },
    },
    handler: async (req) => ok(await profile.setIban(requireUser(req).id, req.body.iban)),
  });
}
