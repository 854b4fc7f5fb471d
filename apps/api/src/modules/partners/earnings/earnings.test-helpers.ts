import { commissionQuote, Decimal, toPlain } from '@vaultline/shared';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { guestExchanges, journalEntries, ledgerAccounts, postings } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import { type Assets, BTC_HASH, createOk, rowOf, validCreate } from '../../exchange/exchange.test-helpers';

/** A BTC-shaped hash used once (one hash can be claimed by one exchange only). */
const hash = () => `${BTC_HASH.slice(0, 56)}${Math.random().toString(16).slice(2, 10).padEnd(8, '0')}`;

/**
 * A pending BTC→ETH guest exchange of this partner (made through the guest routes, then marked as
 * the partner's in the row, as the widget's creation does): amount, figures and commission follow
 * the shared rule (commissionQuote) at the exchange's own rate and fee rate.
 */
export async function partnerExchange(
  t: TestApp,
  a: Assets,
  partnerId: string,
  commissionRate: string,
  amount?: string,
): Promise<string> {
  const id = await createOk(t, validCreate(a, { amount: '0.01', userEmail: 'partner.guest@example.com' }));
  const res = await t.request({
    method: 'POST',
    url: '/api/PublicExchange/confirmTransaction',
    payload: { exchangeId: id, transactionHash: hash() },
  });
  expect(res.statusCode, res.body).toBe(200);
  const row = await rowOf(t, id);
  if (!row) throw new Error('no exchange');
  const amt = new Decimal(amount ?? row.amount);
  const q = commissionQuote(amt, row.rate, row.feeRate, commissionRate, 18);
  await t.services.db
    .update(guestExchanges)
    .set({
      amount: toPlain(amt),
      usdValue: toPlain(new Decimal(row.usdValue).div(row.amount).mul(amt).toDecimalPlaces(2)),
      destinationAmount: toPlain(q.receive),
      fee: toPlain(q.fee),
      partnerId,
      partnerCommissionRate: commissionRate,
      partnerCommission: toPlain(q.commission),
    })
    .where(eq(guestExchanges.id, id));
  return id;
}

/** The admin's status change (spec-2: notes as a JSON string body). */
export const setStatus = (t: TestApp, token: string, id: string, status: number, notes = 'ok') =>
  t.request({
    method: 'POST',
    url: `/api/Admin/anonymousExchanges/update?exchangeId=${id}&status=${status}`,
    token,
    payload: JSON.stringify(notes),
    headers: { 'content-type': 'application/json' },
  });

/** The postings of one entry by account kind (and owner), amounts as plain decimals. */
export async function legsOf(t: TestApp, kind: string, reference: string) {
  const rows = await t.services.db
    .select({
      kind: ledgerAccounts.kind,
      userId: ledgerAccounts.userId,
      assetId: postings.assetId,
      amount: postings.amount,
    })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(and(eq(journalEntries.kind, kind), eq(journalEntries.reference, reference)));
  return rows.map((r) => ({ ...r, amount: new Decimal(r.amount) }));
}

/** The partner's earnings as the partner area shows them, by ticker. */
export async function earningsOf(t: TestApp, token: string) {
  const res = await t.request({ method: 'GET', url: '/api/partner/earnings', token });
  expect(res.statusCode, res.body).toBe(200);
  const list = res.json().content as { assetId: string; ticker: string; available: string; total: string }[];
  return new Map(list.map((e) => [e.ticker, e]));
}

export const auditClean = { unbalanced: [], drift: [], negative: [] };
