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
import type { TestApp } from '../../test/test-app';
import { auditLedger } from '../ledger/ledger.repository';
import { assetId } from '../ledger/ledger.test-helpers';
import { authenticationResponse, type SoftPasskey } from '../two-factor/soft-authenticator.test-helpers';

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
