import {
  clearSpendingHoldSchema,
  depositIdParamsSchema,
  envelopeOf,
  errorEnvelopeSchema,
  type SpendingHold,
  spendingHoldSchema,
  spendingHoldsQuerySchema,
  toPlain,
} from '@vaultline/shared';
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assets, spendingHolds, users } from '../../db/schema';
import { ok } from '../../lib/envelope';
import { conflict, notFound } from '../../lib/errors';
import { requireUser } from '../../plugins/auth-caller';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

type HoldUser = SpendingHold['user'];

const toHold = (
  h: typeof spendingHolds.$inferSelect,
  ticker: string | null,
  user: HoldUser,
): SpendingHold => ({
  id: h.id,
  userId: h.userId,
  user,
  amount: toPlain(h.amount),
  ticker: ticker ?? '',
  reason: h.reason,
  createdAt: h.createdAt.toISOString(),
  clearedAt: h.clearedAt?.toISOString() ?? null,
  note: h.note,
});

const holdUser = { email: users.email, firstName: users.firstName, lastName: users.lastName };

/**
 * The back office's spending holds (decision 0038): money a user owes after a card payment was
 * taken back outside the app. Listing them, and clearing one once the debt is settled or written off
 * (the user can spend again when none is left open), with the audit row in the same transaction.
 */
export async function spendingHoldRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, audit } = app.services;

  app.get('/Admin/spending-holds', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'payments'],
      summary:
        'Spending holds (money owed after a card payment was taken back), newest first; open ones by default',
      querystring: spendingHoldsQuerySchema,
      response: { 200: envelopeOf(z.array(spendingHoldSchema)), ...errors },
    },
    handler: async (req) => {
      const where: SQL[] = [];
      if (req.query.userId) where.push(eq(spendingHolds.userId, req.query.userId));
      if (req.query.open) where.push(isNull(spendingHolds.clearedAt));
      const rows = await db
        .select({ h: spendingHolds, ticker: assets.ticker, user: holdUser })
        .from(spendingHolds)
        .leftJoin(assets, eq(assets.id, spendingHolds.assetId))
        .innerJoin(users, eq(users.id, spendingHolds.userId))
        .where(and(...where))
        .orderBy(desc(spendingHolds.createdAt))
        .limit(200);
      return ok(rows.map((r) => toHold(r.h, r.ticker, r.user)));
    },
  });

  app.post('/Admin/spending-holds/:id/clear', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'payments'],
      summary: 'Clear a spending hold once the debt is settled or written off (409 when already cleared)',
      params: depositIdParamsSchema,
      body: clearSpendingHoldSchema,
      response: { 200: envelopeOf(spendingHoldSchema), ...errors },
    },
    handler: async (req) => {
      const adminId = requireUser(req).id;
      const hold = await db.transaction(async (tx) => {
        const [h] = await tx
          .select()
          .from(spendingHolds)
          .where(eq(spendingHolds.id, req.params.id))
          .for('update');
        if (!h) throw notFound('Spending hold not found.', 'HOLD_NOT_FOUND');
        if (h.clearedAt) throw conflict('This hold has already been cleared.', 'CONFLICT');
        const [row] = await tx
          .update(spendingHolds)
          .set({ clearedAt: new Date(), clearedBy: adminId, note: req.body.note })
          .where(eq(spendingHolds.id, h.id))
          .returning();
        await audit.record(tx, {
          actorId: adminId,
          action: 'spendingHold.clear',
          targetType: 'spendingHold',
          targetId: h.id,
          before: { clearedAt: null, amount: toPlain(h.amount), userId: h.userId },
          after: { clearedAt: row?.clearedAt?.toISOString() ?? null, note: req.body.note },
        });
        return row ?? h;
      });
      const [a] = await db.select({ ticker: assets.ticker }).from(assets).where(eq(assets.id, hold.assetId));
      const [u] = await db.select(holdUser).from(users).where(eq(users.id, hold.userId));
      return ok(toHold(hold, a?.ticker ?? null, u ?? { email: '', firstName: '', lastName: '' }));
    },
  });
}
