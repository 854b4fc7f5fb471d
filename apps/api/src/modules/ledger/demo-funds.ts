import { Decimal } from '@vaultline/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assets, users } from '../../db/schema';
import { createLedgerService } from './ledger.service';

/** DEMO DATA: what the demo user starts with, credited from the house through ledger entries. */
export const DEMO_BALANCES: Readonly<Record<string, string>> = {
  USD: '5000',
  EUR: '1000',
  BTC: '0.5',
  ETH: '3',
};

/**
 * DEMO DATA. Funds the demo user and sets clearly fake deposit addresses on crypto assets that have
 * none (never a real address: nobody can send real coins to them). Idempotent: each demo credit is
 * the journal entry (demo_seed, user:ticker), posted at most once; set addresses are left alone.
 */
export async function seedDemoFunds(db: Db, demoUserEmail: string): Promise<void> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoUserEmail.toLowerCase()));
  const rows = await db
    .select({ id: assets.id, ticker: assets.ticker })
    .from(assets)
    .where(inArray(assets.ticker, Object.keys(DEMO_BALANCES)));
  if (user) {
    // One transaction and one round trip for the four credits (a first start waits for them).
    const ledger = createLedgerService({ db });
    await db.transaction((tx) =>
      ledger.postMany(
        tx,
        rows.map((a) => {
          const amount = new Decimal(DEMO_BALANCES[a.ticker] ?? '0');
          return {
            kind: 'demo_seed',
            reference: `${user.id}:${a.ticker}`,
            memo: 'DEMO opening balance',
            legs: [
              { owner: { kind: 'house' }, assetId: a.id, amount: amount.neg() },
              { owner: { kind: 'user', userId: user.id }, assetId: a.id, amount },
            ],
          };
        }),
      ),
    );
  }
  await db
    .update(assets)
    .set({ adminWalletAddress: sql`'DEMO-NOT-A-REAL-ADDRESS-' || ${assets.ticker}` })
    .where(and(eq(assets.type, 2), isNull(assets.adminWalletAddress)));
}
