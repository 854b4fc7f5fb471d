import { randomBytes } from 'node:crypto';
import { ADMIN_WITHDRAWAL_ERRORS, Decimal, type SepaBatch, WITHDRAWAL_ERRORS } from '@vaultline/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { bankAccounts, sepaBatches, spendingHolds, users, withdrawals } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { AuditTrail } from '../audit/audit.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { AssetCatalog } from '../wallets/asset-catalog';
import { buildSepaFile, type SepaDebtor } from './sepa';
import { complete, type WithdrawalEvents, type WithdrawalRow } from './withdrawal-moves';

type BatchRow = typeof sepaBatches.$inferSelect;

/** bank_accounts.status of an account the back office approved. */
const APPROVED = 1;

/** How many batches the list shows (newest first); a batch is made a few times a week at most. */
const LIST_LIMIT = 100;

/**
 * SEPA credit-transfer batches of EUR withdrawals (issue 31 point 6, decision 0054). A batch takes
 * every queued EUR bank withdrawal not in a batch yet with ONE conditional update, so two admins
 * making a batch at once never put a withdrawal in both: the second update waits for the first's
 * row locks, then finds those rows no longer queued and skips them. The file is built from the rows
 * that update returned, in the same transaction. Paid completes those still sending; a returned one
 * fails on its own (POST …/{id}/failed, money back).
 */
export function createSepaBatches(deps: {
  db: Db;
  ledger: Pick<LedgerService, 'post'>;
  catalog: Pick<AssetCatalog, 'byTicker'>;
  audit: AuditTrail;
  events: WithdrawalEvents;
  debtor: SepaDebtor | undefined;
  log: FastifyBaseLogger;
}) {
  const { db, ledger, catalog, audit, events, log } = deps;

  function debtor(): SepaDebtor {
    if (!deps.debtor) throw new AppError(503, 'SEPA_NOT_CONFIGURED', WITHDRAWAL_ERRORS.sepaNotConfigured);
    return deps.debtor;
  }

  async function tell(rows: WithdrawalRow[]) {
    for (const row of rows)
      await events
        .changed(row)
        .catch((err) => log.warn({ err, withdrawal: row.id }, 'withdrawal event not sent'));
  }

  async function idsOf(batchIds: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>(batchIds.map((id) => [id, []]));
    if (batchIds.length === 0) return map;
    const rows = await db
      .select({ id: withdrawals.id, batch: withdrawals.sepaBatchId })
      .from(withdrawals)
      .where(sql`${withdrawals.sepaBatchId} in ${batchIds}`)
      .orderBy(withdrawals.createdAt, withdrawals.id);
    for (const r of rows) if (r.batch) map.get(r.batch)?.push(r.id);
    return map;
  }

  const toBatch = (b: BatchRow, withdrawalIds: string[]): SepaBatch => ({
    id: b.id,
    status: b.status,
    messageId: b.messageId,
    count: b.count,
    total: b.total,
    createdAt: b.createdAt.toISOString(),
    paidAt: b.paidAt?.toISOString() ?? null,
    withdrawalIds,
  });

  async function find(id: string): Promise<BatchRow> {
    const [b] = await db.select().from(sepaBatches).where(eq(sepaBatches.id, id)).limit(1);
    if (!b) throw notFound(ADMIN_WITHDRAWAL_ERRORS.batchNotFound, 'SEPA_BATCH_NOT_FOUND');
    return b;
  }

  return {
    async create(actorId: string): Promise<SepaBatch> {
      const from = debtor();
      const eur = await catalog.byTicker('EUR');
      if (!eur) throw badRequest(WITHDRAWAL_ERRORS.nothingToBatch, 'SEPA_NOTHING_TO_BATCH');
      // The library prefixes each InstrId with the MsgId: 24 characters leave room for 10^8 transfers.
      const messageId = `VL${randomBytes(11).toString('hex')}`;
      const { batch, taken } = await db.transaction(async (tx) => {
        const [open] = await tx
          .insert(sepaBatches)
          .values({ messageId, count: 0, total: '0', file: '', createdBy: actorId })
          .returning();
        if (!open) throw new Error('sepa batch not created');
        // The one statement that puts withdrawals in a batch (see above); queued → sending.
        const taken = await tx
          .update(withdrawals)
          .set({ sepaBatchId: open.id, status: 'sending', updatedAt: sql`now()` })
          .where(
            and(
              eq(withdrawals.status, 'queued'),
              isNull(withdrawals.sepaBatchId),
              eq(withdrawals.kind, 'bank'),
              eq(withdrawals.assetId, eur.id),
              sql`${withdrawals.amount} = round(${withdrawals.amount}, 2)`,
              // Only to the user's bank account as the back office approves it now: one rejected,
              // or replaced by another IBAN since the request, stays queued (an admin fails it).
              sql`exists (select 1 from ${bankAccounts} where ${bankAccounts.userId} = ${withdrawals.userId}
                and ${bankAccounts.iban} = ${withdrawals.iban} and ${bankAccounts.status} = ${APPROVED})`,
              // Nor while the user owes the house a card payment taken back (a spending hold).
              sql`not exists (select 1 from ${spendingHolds} where ${spendingHolds.userId} = ${withdrawals.userId}
                and ${spendingHolds.clearedAt} is null)`,
            ),
          )
          .returning();
        if (taken.length === 0) throw badRequest(WITHDRAWAL_ERRORS.nothingToBatch, 'SEPA_NOTHING_TO_BATCH');
        taken.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
        const names = await tx
          .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
          .from(users)
          .where(sql`${users.id} in ${[...new Set(taken.map((w) => w.userId))]}`);
        const nameOf = new Map(names.map((n) => [n.id, n.name]));
        const total = taken.reduce((s, w) => s.plus(w.amount), new Decimal(0));
        const file = buildSepaFile(
          from,
          messageId,
          taken.map((w) => ({
            withdrawalId: w.id,
            creditorName: nameOf.get(w.userId) ?? '',
            iban: w.iban ?? '',
            amount: w.amount,
          })),
        );
        const [batch] = await tx
          .update(sepaBatches)
          .set({ count: taken.length, total: total.toFixed(), file })
          .where(eq(sepaBatches.id, open.id))
          .returning();
        if (!batch) throw new Error('sepa batch not written');
        await audit.record(tx, {
          actorId,
          action: 'sepaBatch.create',
          targetType: 'sepaBatch',
          targetId: batch.id,
          before: null,
          after: { messageId, count: batch.count, total: batch.total, withdrawalIds: taken.map((w) => w.id) },
        });
        return { batch, taken };
      });
      await tell(taken);
      return toBatch(
        batch,
        taken.map((w) => w.id),
      );
    },

    async list(): Promise<SepaBatch[]> {
      const rows = await db
        .select()
        .from(sepaBatches)
        .orderBy(desc(sepaBatches.createdAt), desc(sepaBatches.id))
        .limit(LIST_LIMIT);
      const ids = await idsOf(rows.map((b) => b.id));
      return rows.map((b) => toBatch(b, ids.get(b.id) ?? []));
    },

    async file(id: string): Promise<{ name: string; xml: string }> {
      const b = await find(id);
      return { name: `${b.messageId}.xml`, xml: b.file };
    },

    /** The bank paid the file: every withdrawal of it still sending completes (its money leaves). */
    async paid(actorId: string, id: string): Promise<SepaBatch> {
      const { batch, done } = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(sepaBatches).where(eq(sepaBatches.id, id)).for('update');
        if (!before) throw notFound(ADMIN_WITHDRAWAL_ERRORS.batchNotFound, 'SEPA_BATCH_NOT_FOUND');
        if (before.status === 'paid') throw conflict(ADMIN_WITHDRAWAL_ERRORS.batchPaid, 'SEPA_BATCH_PAID');
        const members = await tx
          .select({ id: withdrawals.id })
          .from(withdrawals)
          .where(and(eq(withdrawals.sepaBatchId, id), eq(withdrawals.status, 'sending')))
          .orderBy(withdrawals.id);
        const done: WithdrawalRow[] = [];
        for (const m of members) {
          const row = await complete(tx, ledger, m.id, ['sending']);
          if (row) done.push(row);
        }
        const [batch] = await tx
          .update(sepaBatches)
          .set({ status: 'paid', paidBy: actorId, paidAt: new Date() })
          .where(eq(sepaBatches.id, id))
          .returning();
        if (!batch) throw new Error('sepa batch not updated');
        await audit.record(tx, {
          actorId,
          action: 'sepaBatch.paid',
          targetType: 'sepaBatch',
          targetId: id,
          before: { status: before.status },
          after: { status: 'paid', completed: done.map((w) => w.id) },
        });
        return { batch, done };
      });
      await tell(done);
      return toBatch(batch, (await idsOf([id])).get(id) ?? []);
    },
  };
}
export type SepaBatches = ReturnType<typeof createSepaBatches>;
