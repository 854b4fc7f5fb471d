import { Decimal } from '@vaultline/shared';
import { and, eq } from 'drizzle-orm';
import { bankAccounts, ledgerAccounts, withdrawals } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import { assetId, fund } from '../ledger/ledger.test-helpers';
import { holdFunds, type WithdrawalEvents, type WithdrawalRow } from './withdrawal-moves';

export const IBAN_DE = 'DE89370400440532013000';
export const IBAN_FR = 'FR1420041010050500013M02606';
export const SEPA_ENV = {
  SEPA_DEBTOR_NAME: 'Vaultline Test GmbH',
  SEPA_DEBTOR_IBAN: 'DE02120300000000202051',
  SEPA_DEBTOR_BIC: 'BYLADEM1001',
};

/** Records every withdrawal the module says changed (the events' place in tests). */
export function eventRecorder(): WithdrawalEvents & { rows: WithdrawalRow[] } {
  const rows: WithdrawalRow[] = [];
  return { rows, changed: async (row) => void rows.push(row) };
}

/**
 * A withdrawal as a request makes it: the row and its hold (amount + fee leave the available
 * balance) in one transaction. The wallet is funded first with `fundFirst` (default: the total).
 */
export async function makeWithdrawal(
  t: TestApp,
  userId: string,
  o: {
    ticker: string;
    amount: string;
    fee?: string;
    status?: WithdrawalRow['status'];
    kind?: WithdrawalRow['kind'];
    iban?: string;
    reviewReasons?: string[];
    fund?: boolean;
  },
): Promise<WithdrawalRow> {
  const fee = o.fee ?? '0';
  const kind = o.kind ?? 'bank';
  if (o.fund !== false) await fund(t, userId, o.ticker, new Decimal(o.amount).plus(fee).toFixed());
  const asset = await assetId(t, o.ticker);
  // A bank withdrawal goes to the user's bank account, approved by the back office (status 1).
  if (kind === 'bank')
    await t.services.db
      .insert(bankAccounts)
      .values({ userId, iban: o.iban ?? IBAN_DE, status: 1 })
      .onConflictDoNothing();
  return t.services.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(withdrawals)
      .values({
        userId,
        assetId: asset,
        kind,
        ...(kind === 'bank'
          ? { iban: o.iban ?? IBAN_DE }
          : { network: o.ticker, toAddress: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2' }),
        amount: o.amount,
        fee,
        usdValue: o.amount,
        status: o.status ?? 'review',
        reviewReasons: o.reviewReasons ?? [],
      })
      .returning();
    if (!row) throw new Error('no withdrawal');
    await holdFunds(tx, t.services.ledger, row);
    return row;
  });
}

/** The user's available and held balances of an asset, as strings (0 without an account). */
export async function balancesOf(t: TestApp, userId: string, ticker: string) {
  const asset = await assetId(t, ticker);
  const read = async (kind: 'user' | 'held') => {
    const [a] = await t.services.db
      .select({ b: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.kind, kind),
          eq(ledgerAccounts.userId, userId),
          eq(ledgerAccounts.assetId, asset),
        ),
      );
    return Number(a?.b ?? 0);
  };
  return { available: await read('user'), held: await read('held') };
}

export async function withdrawalRow(t: TestApp, id: string) {
  const [row] = await t.services.db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row;
}
