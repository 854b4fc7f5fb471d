import { randomUUID } from 'node:crypto';
import { Decimal } from '@vaultline/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { type Chains, chainApp, payoutsOf, startChains, waitFor } from './chain.test-helpers';
import type { PayoutRow } from './payouts.repository';

// Issue 29, point 12: AUTO_PAYOUT_DAILY_MAX_USD is one cap over every network, and a payout is
// valued when it is signed, from the rate service, not when it was asked for. Two networks signing
// at the same moment cannot both pass the cap (on PostgreSQL, where they truly run side by side).
let chains: Chains;
let t: TestApp;
/** A second connection to the test's PostgreSQL database: sees who waits for a lock. */
let watcher: pg.Client | undefined;
const arrived = new Set<string>();
let raced: string[] = [];

beforeAll(async () => {
  chains = await startChains({ confirmations: 1 });
  const limits = {
    AUTO_PAYOUT_MAX_USD: '250',
    AUTO_PAYOUT_DAILY_MAX_USD: '300',
    // Fresh for 3 s, read every second: a test stops the rate service to see a payout wait.
    PRICE_MAX_AGE_SECONDS: '3',
    PRICE_REFRESH_SECONDS: '1',
  };
  t = await chainApp(chains, limits, undefined, {
    payoutHooks: {
      // Each of the two racing payouts, once it has passed the cap inside its signing
      // transaction, waits for the other to pass it too, or to be seen waiting for a lock (the
      // cap's): without the lock both pass, with it the second reads the first's committed total.
      afterCapCheck: async (p: PayoutRow) => {
        if (!raced.includes(p.reference) || !watcher) return;
        arrived.add(p.reference);
        await waitFor(
          async () =>
            arrived.size === raced.length ||
            Number(
              (
                await watcher?.query(
                  "select count(*)::int n from pg_locks where locktype = 'advisory' and not granted",
                )
              )?.rows[0]?.n,
            ) > 0,
          30_000,
          'the other network at the cap',
        );
      },
    },
  } as never);
  if (t.database.kind === 'postgres' && process.env.DATABASE_URL) {
    const [row] = (await t.database.run<{ name: string }>(
      { name: 'cap_test_db', text: 'select current_database() as name' },
      [],
    )) as { name: string }[];
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${row?.name}`;
    watcher = new pg.Client({ connectionString: url.toString() });
    await watcher.connect();
  }
}, 90_000);

afterAll(async () => {
  await watcher?.end();
  await t?.close();
  await chains?.stop();
});

const onlyPayout = async (reference: string) => {
  const [p] = await payoutsOf(t, reference);
  if (!p) throw new Error(`no payout for ${reference}`);
  return p;
};
/** Automatic payouts asked for in one transaction, each with the value it had then. */
async function ask(items: { ticker: string; to: string; amount: string; usdAtRequest: string }[]) {
  const refs = items.map(() => randomUUID());
  await t.services.db.transaction(async (tx) => {
    for (const [i, p] of items.entries())
      await t.services.chain.requestPayout(tx, {
        ticker: p.ticker,
        to: p.to,
        amount: new Decimal(p.amount),
        usdValue: new Decimal(p.usdAtRequest),
        purpose: 'deposit_refund',
        reference: refs[i] as string,
      });
  });
  return refs;
}
const settled = (s: string) => !['queued', 'funds', 'signed'].includes(s);

describe('automatic payout limits', () => {
  it('one daily cap across networks: of two payouts signed at once on ETH and BSC, one waits', async () => {
    // 0.05 ETH = 167.50 USD, 0.3 BNB = 174 USD (the static prices): each under the limit (250),
    // together over the cap (300).
    const refs = await ask([
      { ticker: 'ETH', to: '0x1111111111111111111111111111111111111102', amount: '0.05', usdAtRequest: '1' },
      { ticker: 'BNB', to: '0x2222222222222222222222222222222222222202', amount: '0.3', usdAtRequest: '1' },
    ]);
    raced = refs;
    await waitFor(
      async () => {
        for (const r of refs) if (!settled((await onlyPayout(r)).status)) return false;
        return true;
      },
      40_000,
      'both decided',
    );
    raced = [];
    const rows = await Promise.all(refs.map(onlyPayout));
    const sent = rows.filter((p) => p.status === 'sent');
    const waiting = rows.filter((p) => p.status === 'approval');
    expect(sent, JSON.stringify(rows.map((p) => [p.network, p.status, p.reason]))).toHaveLength(1);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.reason).toBe('overDailyCap');
    // Valued at signing from the rate service, not at the 1 USD each was asked with.
    const value = { ETH: '167.5', BSC: '174' } as Record<string, string>;
    for (const p of rows) expect(p.usdValue, p.network).toBe(value[p.network]);
    await Promise.all([chains.eth.mine(1), chains.bsc.mine(1)]);
    await waitFor(async () => (await onlyPayout(sent[0]?.reference as string)).status === 'confirmed');
  }, 60_000);

  it('a payout worth more at signing than when asked for waits for an admin', async () => {
    // Asked for at 1 USD; 0.5 BNB is 290 USD when it is signed: over the automatic limit (250).
    const [ref] = await ask([
      { ticker: 'BNB', to: '0x2222222222222222222222222222222222222203', amount: '0.5', usdAtRequest: '1' },
    ]);
    await waitFor(async () => settled((await onlyPayout(ref as string)).status), 20_000, 'decided');
    expect(await onlyPayout(ref as string)).toMatchObject({
      status: 'approval',
      reason: 'overLimit',
      usdValue: '290',
    });
  }, 60_000);

  it('the cap counts what was signed on every network in 24 hours', async () => {
    // 167.50 or 174 USD went out above; 0.25 BNB (145 USD) on top passes 300 whichever it was.
    const [ref] = await ask([
      { ticker: 'BNB', to: '0x2222222222222222222222222222222222222204', amount: '0.25', usdAtRequest: '1' },
    ]);
    await waitFor(async () => settled((await onlyPayout(ref as string)).status), 20_000, 'decided');
    expect(await onlyPayout(ref as string)).toMatchObject({ status: 'approval', reason: 'overDailyCap' });
    // 0.02 ETH (67 USD) still fits under it (167.5 + 67 or 174 + 67 <= 300).
    const [small] = await ask([
      {
        ticker: 'ETH',
        to: '0x1111111111111111111111111111111111111105',
        amount: '0.02',
        usdAtRequest: '1000',
      },
    ]);
    await waitFor(async () => settled((await onlyPayout(small as string)).status), 20_000, 'decided');
    expect(await onlyPayout(small as string)).toMatchObject({ status: 'sent', usdValue: '67' });
  }, 60_000);

  it('no fresh price when it is to be signed: it waits (noPrice), and goes once prices are back', async () => {
    await t.services.prices.stop();
    await waitFor(
      async () => {
        try {
          t.services.prices.freshUsd('ETH');
          return false;
        } catch {
          return true;
        }
      },
      20_000,
      'prices stale',
    );
    const [ref] = await ask([
      {
        ticker: 'ETH',
        to: '0x1111111111111111111111111111111111111106',
        amount: '0.01',
        usdAtRequest: '33.5',
      },
    ]);
    await waitFor(
      async () => (await onlyPayout(ref as string)).reason === 'noPrice',
      20_000,
      'waiting for a price',
    );
    expect((await onlyPayout(ref as string)).status).toBe('queued');
    await t.services.prices.start();
    await waitFor(async () => (await onlyPayout(ref as string)).status === 'sent', 20_000, 'sent');
    expect(await onlyPayout(ref as string)).toMatchObject({ reason: null, usdValue: '33.5' });
  }, 60_000);
});
