import { randomUUID } from 'node:crypto';
import { Decimal, type PublicExchange } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { chainDeposits, chainNetworks, chainPayouts, guestExchanges } from '../../db/schema';
import { type ChainTestSeams, createTestApp, type TestApp } from '../../test/test-app';
import { assetId } from '../ledger/ledger.test-helpers';
import { type Chains, GUEST, waitFor } from './dev-chains.test-helpers';

export * from './dev-chains.test-helpers';

/** An app watching the chains, once it has read each of them (before that, exchanges there wait). */
export async function chainApp(
  chains: Chains,
  env: Record<string, string> = {},
  logStream?: NodeJS.WritableStream,
  chainTest?: ChainTestSeams,
): Promise<TestApp> {
  const t = await createTestApp({
    env: { ...chains.env, ...env },
    ...(logStream ? { logStream } : {}),
    ...(chainTest ? { chainTest } : {}),
  });
  await waitFor(
    async () => {
      const rows = await t.services.db.select().from(chainNetworks);
      return rows.length === 2 && rows.every((r) => r.scannedBlock !== null);
    },
    20_000,
    'both networks read once',
  );
  return t;
}

export async function exchangeRow(t: TestApp, id: string) {
  const [row] = await t.services.db.select().from(guestExchanges).where(eq(guestExchanges.id, id));
  if (!row) throw new Error(`no exchange ${id}`);
  return row;
}

export const payoutsOf = (t: TestApp, reference: string) =>
  t.services.db.select().from(chainPayouts).where(eq(chainPayouts.reference, reference));

/** The one payout of this reference (throws when there is none). */
export async function onlyPayout(t: TestApp, reference: string) {
  const [p] = await payoutsOf(t, reference);
  if (!p) throw new Error(`no payout for ${reference}`);
  return p;
}

/**
 * A payout the house owes, asked for directly: the refund of a transfer (a reference of its own),
 * automatic or approved by an admin; returns its reference.
 */
export async function askPayout(
  t: TestApp,
  o: { ticker: string; to: string; amount: string; usd?: string; approvedBy?: string },
): Promise<string> {
  const reference = randomUUID();
  await t.services.db.transaction((tx) =>
    t.services.chain.requestPayout(tx, {
      ticker: o.ticker,
      to: o.to,
      amount: new Decimal(o.amount),
      usdValue: new Decimal(o.usd ?? '1'),
      purpose: 'deposit_refund',
      reference,
      ...(o.approvedBy ? { approvedBy: o.approvedBy } : {}),
    }),
  );
  return reference;
}
export const depositsTo = (t: TestApp, exchangeId: string) =>
  t.services.db.select().from(chainDeposits).where(eq(chainDeposits.exchangeId, exchangeId));

/** Creates a guest exchange through the API and returns its public view. */
export async function createChainExchange(
  t: TestApp,
  from: string,
  to: string,
  amount: string,
  over: Record<string, unknown> = {},
) {
  const res = await t.request({
    method: 'POST',
    url: '/api/PublicExchange/createExchange',
    payload: {
      sourceWalletId: await assetId(t, from),
      destinationWalletId: await assetId(t, to),
      amount,
      userEmail: 'chain.guest@example.com',
      destinationWalletAddress: to === 'BNB' || to === 'USDT-BEP20' ? GUEST.BNB : GUEST.ETH,
      ...over,
    },
  });
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.body}`);
  return publicView(t, res.json().content.id as string);
}

export async function publicView(t: TestApp, id: string): Promise<PublicExchange> {
  const res = await t.request({ method: 'GET', url: `/api/PublicExchange/exchange/${id}` });
  if (res.statusCode !== 200) throw new Error(`get failed: ${res.body}`);
  return res.json().content as PublicExchange;
}

export const auditClean = async (t: TestApp) => {
  const a = await t.services.ledger.audit();
  return a.unbalanced.length === 0 && a.drift.length === 0 && a.negative.length === 0;
};
