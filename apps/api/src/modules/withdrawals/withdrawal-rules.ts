import { ADMIN_WITHDRAWAL_ERRORS, type WithdrawalRule } from '@vaultline/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withdrawalRules } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { AuditTrail } from '../audit/audit.service';
import type { AssetCatalog } from '../wallets/asset-catalog';

/** An asset without a row of its own: open, no fee, no minimum (the table's defaults). */
const DEFAULT_RULE = { open: true, fee: '0', minimum: '0' } as const;

/**
 * Per-asset withdrawal rules the back office sets (issue 31 point 4): open or closed, our fee (in
 * the asset, on top of the amount) and the minimum. The request reads them in its transaction.
 */
export function createWithdrawalRules(deps: {
  db: Db;
  catalog: Pick<AssetCatalog, 'all' | 'byId'>;
  audit: AuditTrail;
}) {
  const { db, catalog, audit } = deps;

  return {
    async list(): Promise<WithdrawalRule[]> {
      const [assets, rows] = await Promise.all([catalog.all(), db.select().from(withdrawalRules)]);
      const byAsset = new Map(rows.map((r) => [r.assetId, r]));
      return assets.map((a) => {
        const r = byAsset.get(a.id) ?? DEFAULT_RULE;
        return { assetId: a.id, ticker: a.ticker, open: r.open, fee: r.fee, minimum: r.minimum };
      });
    },

    async update(
      actorId: string,
      assetId: string,
      rule: { open: boolean; fee: string; minimum: string },
    ): Promise<WithdrawalRule> {
      const asset = await catalog.byId(assetId);
      if (!asset) throw notFound(ADMIN_WITHDRAWAL_ERRORS.assetNotFound, 'ASSET_NOT_FOUND');
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(withdrawalRules)
          .where(eq(withdrawalRules.assetId, assetId))
          .for('update');
        const [after] = await tx
          .insert(withdrawalRules)
          .values({ assetId, ...rule, updatedBy: actorId })
          .onConflictDoUpdate({
            target: withdrawalRules.assetId,
            set: { ...rule, updatedBy: actorId, updatedAt: sql`now()` },
          })
          .returning();
        if (!after) throw new Error('withdrawal rule not written');
        const shown = (r: { open: boolean; fee: string; minimum: string }) => ({
          ticker: asset.ticker,
          open: r.open,
          fee: r.fee,
          minimum: r.minimum,
        });
        await audit.record(tx, {
          actorId,
          action: 'withdrawalRule.update',
          targetType: 'withdrawalRule',
          targetId: assetId,
          before: shown(before ?? DEFAULT_RULE),
          after: shown(after),
        });
        return after;
      });
      return { assetId, ticker: asset.ticker, open: row.open, fee: row.fee, minimum: row.minimum };
    },
  };
}
export type WithdrawalRules = ReturnType<typeof createWithdrawalRules>;
