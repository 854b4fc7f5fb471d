import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { testGatewayCharges } from '../../db/schema';
import type { ChargeResult, TestGatewayStore } from './payment-gateway';

type Row = typeof testGatewayCharges.$inferSelect;

const toResult = (r: Row): ChargeResult =>
  r.ok
    ? { ok: true, reference: r.reference ?? '', last4: r.last4, brand: r.brand }
    : {
        ok: false,
        code: r.code === 'CARD_INVALID' ? 'CARD_INVALID' : 'CARD_DECLINED',
        message: r.message ?? '',
        last4: r.last4,
        brand: r.brand,
      };

/** The test gateway's books in the database, so they outlive the API process as a real gateway's do. */
export function dbGatewayStore(db: DbOrTx): TestGatewayStore {
  const get = async (key: string) => {
    const [row] = await db
      .select()
      .from(testGatewayCharges)
      .where(eq(testGatewayCharges.idempotencyKey, key))
      .limit(1);
    return row ? toResult(row) : null;
  };
  return {
    get,
    async put(key, r, amount, currency) {
      await db
        .insert(testGatewayCharges)
        .values({
          idempotencyKey: key,
          ok: r.ok,
          reference: r.ok ? r.reference : null,
          code: r.ok ? null : r.code,
          message: r.ok ? null : r.message,
          amount,
          currency,
          last4: r.last4,
          brand: r.brand,
        })
        .onConflictDoNothing({ target: testGatewayCharges.idempotencyKey });
      return (await get(key)) ?? r;
    },
  };
}

/** Test helper's view: how many charges the gateway holds for a key (0 or 1). */
export async function gatewayChargeCount(db: DbOrTx, key: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(testGatewayCharges)
    .where(eq(testGatewayCharges.idempotencyKey, key));
  return row?.n ?? 0;
}
