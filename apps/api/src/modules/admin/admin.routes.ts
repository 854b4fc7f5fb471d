import {
  ADMIN_PATHS,
  adminBankAccountSchema,
  adminPendingBankAccountSchema,
  adminSearchUserQuerySchema,
  adminSetAccountStatusQuerySchema,
  adminSetBankAccountStatusQuerySchema,
  adminSetWalletAddressQuerySchema,
  adminStatsSchema,
  adminUserQuerySchema,
  adminUserSchema,
  adminUserSummarySchema,
  adminWalletAddressSchema,
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

/** spec-2 §7 admin calls: stats, users, bank accounts, deposit addresses. Registered in the admin area. */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { admin } = app.services;

  app.get(ADMIN_PATHS.stats, {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Users (total, new in 24 h / 7 d / 30 d) and traded amount in USD at execution',
      response: { 200: envelopeOf(adminStatsSchema), ...errors },
    },
    handler: async () => ok(await admin.stats()),
  });

  app.get(ADMIN_PATHS.searchUser, {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Users whose name, e-mail or id contains the text (case-insensitive, at most 20)',
      querystring: adminSearchUserQuerySchema,
      response: { 200: envelopeOf(z.array(adminUserSummarySchema)), ...errors },
    },
    handler: async (req) => ok(await admin.searchUsers(req.query.query)),
  });

  app.get(ADMIN_PATHS.user, {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'A user with status, address and bank account',
      querystring: adminUserQuerySchema,
      response: { 200: envelopeOf(adminUserSchema), ...errors },
    },
    handler: async (req) => ok(await admin.user(req.query.userId)),
  });

  app.post(ADMIN_PATHS.setAccountStatus, {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Activate (1) or deactivate (-1) an account; deactivating ends its sessions at once',
      querystring: adminSetAccountStatusQuerySchema,
      response: { 200: envelopeOf(adminUserSchema), ...errors },
    },
    handler: async (req) =>
      ok(await admin.setAccountStatus(requireUser(req).id, req.query.userId, req.query.status)),
  });

  app.get(ADMIN_PATHS.pendingBankAccounts, {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Bank accounts not processed yet, oldest first, with their owner',
      response: { 200: envelopeOf(z.array(adminPendingBankAccountSchema)), ...errors },
    },
    handler: async () => ok(await admin.pendingBankAccounts()),
  });

  app.post(ADMIN_PATHS.setBankAccountStatus, {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Approve (1) or refuse (0) a bank account',
      querystring: adminSetBankAccountStatusQuerySchema,
      response: { 200: envelopeOf(adminBankAccountSchema), ...errors },
    },
    handler: async (req) =>
      ok(await admin.setBankAccountStatus(requireUser(req).id, req.query.bankAccountId, req.query.status)),
  });

  app.post(ADMIN_PATHS.setWalletAddress, {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: "Set a crypto asset's deposit address (checked for its network)",
      querystring: adminSetWalletAddressQuerySchema,
      response: { 200: envelopeOf(adminWalletAddressSchema), ...errors },
    },
    handler: async (req) =>
      ok(await admin.setWalletAddress(requireUser(req).id, req.query.walletId, req.query.address)),
  });
}
