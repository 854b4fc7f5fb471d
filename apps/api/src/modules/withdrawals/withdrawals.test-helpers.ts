import { Decimal } from '@vaultline/shared';
import { and, eq } from 'drizzle-orm';
import { ledgerAccounts, withdrawals } from '../../db/schema';
import type { Services } from '../../services';
import type { TestApp } from '../../test/test-app';
import { assetId } from '../ledger/ledger.test-helpers';
import { dispatchWithdrawal } from './withdrawal-dispatch';
import { holdFunds, type WithdrawalEvents, type WithdrawalRow } from './withdrawal-moves';

/**
 * A withdrawal made the way the request does it, without the request's checks (its routes are
 * another part): the row, its hold (amount + fee leave the wallet) and its dispatch (a payout on a
 * network with automatic payouts, queued otherwise), in one transaction.
 */
export async function requestWithdrawalDirect(
  t: { services: Pick<Services, 'db' | 'ledger' | 'chain' | 'catalog'> },
  o: {
    userId: string;
    ticker: string;
    amount: string;
    fee?: string;
    to?: string;
    iban?: string;
    approvedBy?: string;
  },
): Promise<WithdrawalRow> {
  const { db, ledger, chain, catalog } = t.services;
  const asset = (await catalog.byTicker(o.ticker))?.id;
  if (!asset) throw new Error(`no asset ${o.ticker}`);
  const network = chain.watched(o.ticker)?.network ?? o.ticker;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(withdrawals)
      .values({
        userId: o.userId,
        assetId: asset,
        kind: o.iban ? 'bank' : 'crypto',
        ...(o.iban ? { iban: o.iban } : { network, toAddress: o.to ?? null }),
        amount: o.amount,
        fee: o.fee ?? '0',
        usdValue: '1',
        status: 'review',
      })
      .returning();
    if (!row) throw new Error('no withdrawal');
    await holdFunds(tx, ledger, row);
    return dispatchWithdrawal(tx, chain, row, o.ticker, o.approvedBy);
  });
}

export async function withdrawalRow(t: TestApp, id: string): Promise<WithdrawalRow> {
  const [row] = await t.services.db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!row) throw new Error(`no withdrawal ${id}`);
  return row;
}

/** A user's ledger balance of one kind ('user': available in the wallet, 'held': withdrawals). */
export async function ledgerBalance(
  t: TestApp,
  userId: string,
  ticker: string,
  kind: 'user' | 'held',
): Promise<Decimal> {
  const [row] = await t.services.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.kind, kind),
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.assetId, await assetId(t, ticker)),
      ),
    );
  return new Decimal(row?.balance ?? '0');
}

/** Records every change the withdrawals' events are told of, in order. */
export function eventRecorder(): WithdrawalEvents & { seen: WithdrawalRow[] } {
  const seen: WithdrawalRow[] = [];
  return {
    seen,
    async changed(row) {
      seen.push(row);
    },
  };
}
