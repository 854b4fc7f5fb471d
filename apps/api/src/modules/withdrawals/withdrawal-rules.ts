import { Decimal, toPlain } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { assets, withdrawalRules } from '../../db/schema';

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
