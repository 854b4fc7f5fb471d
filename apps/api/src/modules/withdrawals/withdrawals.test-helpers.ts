import { randomBytes, randomUUID } from 'node:crypto';
import { Decimal, toPlain } from '@vaultline/shared';
import { and, eq, sql } from 'drizzle-orm';
import {
  bankAccounts,
  ledgerAccounts,
  withdrawalAddresses,
  withdrawalRules,
  withdrawals,
} from '../../db/schema';
import type { Services } from '../../services';
import type { TestApp } from '../../test/test-app';
import { auditLedger } from '../ledger/ledger.repository';
import { assetId } from '../ledger/ledger.test-helpers';
import { authenticationResponse, type SoftPasskey } from '../two-factor/soft-authenticator.test-helpers';
import { dispatchWithdrawal } from './withdrawal-dispatch';
import { holdFunds, type WithdrawalEvents, type WithdrawalRow } from './withdrawal-moves';

export const ETH_ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

/** Sets an asset's withdrawal rule (the back office's setting). */
export async function setRule(
  t: TestApp,
  ticker: string,
  r: { open?: boolean; fee: string; minimum: string },
) {
  const id = await assetId(t, ticker);
  const v = { open: r.open ?? true, fee: r.fee, minimum: r.minimum };
  await t.services.db
    .insert(withdrawalRules)
    .values({ assetId: id, ...v })
    .onConflictDoUpdate({ target: withdrawalRules.assetId, set: v });
}

/** A second factor given with one request: a passkey's answer to a fresh challenge. */
export async function proof(t: TestApp, token: string, passkey: SoftPasskey) {
  const options = await t.request({ method: 'POST', url: '/api/User/2fa/passkey/options', token });
  if (options.statusCode !== 200) throw new Error(options.body);
  return { passkey: authenticationResponse(passkey, options.json().content, t.app.config.publicUrl) };
}

/** An address of the user's book, usable now (or from `usableAt`), straight in the table. */
export async function usableAddress(
  t: TestApp,
  userId: string,
  ticker = 'ETH',
  usableAt = new Date(Date.now() - 1000),
) {
  const [row] = await t.services.db
    .insert(withdrawalAddresses)
    .values({
      userId,
      assetId: await assetId(t, ticker),
      network: ticker,
      address: `0x${randomBytes(20).toString('hex')}`,
      label: `mine ${randomUUID().slice(0, 8)}`,
      usableAt,
    })
    .returning();
  if (!row) throw new Error('no address');
  return row;
}

export async function approvedBank(t: TestApp, userId: string, status = 1) {
  await t.services.db.insert(bankAccounts).values({ userId, iban: 'DE89370400440532013000', status });
}

/** The user's money in an asset: available (the wallet) and held. */
export async function money(t: TestApp, userId: string, ticker: string) {
  const id = await assetId(t, ticker);
  const rows = await t.services.db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.assetId, id)));
  const of = (k: string) => toPlain(new Decimal(rows.find((r) => r.kind === k)?.balance ?? '0'));
  return { available: of('user'), held: of('held') };
}

export async function withdrawalCount(t: TestApp, userId: string) {
  const [row] = await t.services.db
    .select({ n: sql<number>`count(*)::int` })
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId));
  return row?.n ?? 0;
}

export async function auditClean(t: TestApp) {
  const a = await auditLedger(t.services.db);
  return a.unbalanced.length === 0 && a.drift.length === 0 && a.negative.length === 0;
}

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
