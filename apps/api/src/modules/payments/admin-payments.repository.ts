import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { listCount } from '../../db/list-counts';
import { premiumPayments, users } from '../../db/schema';
import { cursorOf, keysetCondition, keysetOrder, type PagePlan } from '../../lib/keyset';

/** Premium payments newest first as the plan reads them, with the payer and the page cursor. */
export function listPremiumPayments(db: DbOrTx, plan: PagePlan) {
  return db
    .select({
      payment: premiumPayments,
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      cursor: cursorOf(premiumPayments.paidAt, premiumPayments.id),
    })
    .from(premiumPayments)
    .innerJoin(users, eq(users.id, premiumPayments.userId))
    .where(keysetCondition(plan, premiumPayments.paidAt, premiumPayments.id))
    .orderBy(...keysetOrder(plan, premiumPayments.paidAt, premiumPayments.id))
    .limit(plan.limit)
    .offset(plan.kind === 'offset' ? plan.offset : 0);
}

/** From the counts the triggers keep (migration 0023): the same cost at a million payments. */
export const countPremiumPayments = (db: DbOrTx): Promise<number> => listCount(db, 'premium_payments');
