import { ADMIN_WITHDRAWAL_ERRORS, Decimal, toPlain, type WithdrawalRule } from '@vaultline/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { assets, withdrawalRules } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { AuditTrail } from '../audit/audit.service';
import type { AssetCatalog } from '../wallets/asset-catalog';

export interface Rule {
  open: boolean;
  fee: Decimal;
  minimum: Decimal;
}

/**
 * An asset's withdrawal rule (the back office edits them). An asset with no row is CLOSED, with no
 * fee and no minimum: money never leaves for an asset the operator has not looked at (safe by
 * default). The demo seed gives every asset a row (seedWithdrawalRules).
 */
export const CLOSED_RULE: Rule = { open: false, fee: new Decimal(0), minimum: new Decimal(0) };

export async function ruleOf(db: DbOrTx, assetId: string): Promise<Rule> {
  const [row] = await db.select().from(withdrawalRules).where(eq(withdrawalRules.assetId, assetId));
  if (!row) return CLOSED_RULE;
  return { open: row.open, fee: new Decimal(row.fee), minimum: new Decimal(row.minimum) };
}

/** DEMO DATA: fee and minimum per ticker, in the asset (about 1–3 USD of fee). */
const DEMO_RULES: Record<string, [fee: string, minimum: string]> = {
  USD: ['1', '10'],
  EUR: ['1', '10'],
  CHF: ['1', '10'],
  GBP: ['1', '10'],
  CAD: ['1.5', '15'],
  AUD: ['1.5', '15'],
  JPY: ['150', '1500'],
  BTC: ['0.00002', '0.0001'],
  ETH: ['0.0005', '0.001'],
  LTC: ['0.001', '0.01'],
  XRP: ['0.2', '10'],
  ADA: ['1', '10'],
  ATOM: ['0.01', '0.5'],
  ZEC: ['0.001', '0.01'],
  BNB: ['0.0005', '0.005'],
  TON: ['0.05', '1'],
  USDT: ['1', '10'],
  'USDT-BEP20': ['0.5', '10'],
  'USDT-TRC20': ['1', '10'],
};

/**
 * DEMO DATA: every asset open, with the fee and minimum above (1 and 10 of an asset not listed).
 * Idempotent: a rule the admin changed is kept.
 */
export async function seedWithdrawalRules(db: DbOrTx): Promise<void> {
  const rows = await db.select({ id: assets.id, ticker: assets.ticker }).from(assets);
  if (rows.length === 0) return;
  await db
    .insert(withdrawalRules)
    .values(
      rows.map((a) => {
        const [fee, minimum] = DEMO_RULES[a.ticker] ?? ['1', '10'];
        return {
          assetId: a.id,
          open: true,
          fee: toPlain(new Decimal(fee)),
          minimum: toPlain(new Decimal(minimum)),
        };
      }),
    )
    .onConflictDoNothing();
}

/** An asset without a row of its own: closed, no fee, no minimum (as ruleOf reads it). */
const DEFAULT_RULE = { open: false, fee: '0', minimum: '0' } as const;

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
