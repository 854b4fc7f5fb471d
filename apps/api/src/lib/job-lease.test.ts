import { Decimal } from '@vaultline/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPriceService } from '../modules/prices/prices.service';
import { createTestApp, type TestApp } from '../test/test-app';
import { createIntervalJob } from './interval-job';
import { createJobLeases } from './job-lease';

// Several API instances share one database: each periodic job runs on one of them at a time.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
let n = 0;
const jobName = () => `test job ${++n}`;

/** A price service for one test ticker on the shared database, holding leases as `holder`. */
const priceService = (
  holder: string,
  ticker: string,
  fetchUsd: () => Promise<string>,
  refreshSeconds: number,
) =>
  createPriceService({
    db: t.services.db,
    source: {
      id: 'static',
      indicative: true,
      fetch: async (tickers) => {
        const usd = await fetchUsd();
        return new Map(tickers.map((x) => [x, new Decimal(usd)]));
      },
    },
    tickers: async () => [ticker],
    refreshSeconds,
    maxAgeSeconds: 300,
    log: t.app.log,
    leases: createJobLeases(t.services.db, holder),
  });

describe('job leases', () => {
  it('one holder at a time; the holder renews; another takes over when it runs out or is released', async () => {
    const a = createJobLeases(t.services.db, 'instance-a');
    const b = createJobLeases(t.services.db, 'instance-b');
    const job = jobName();
    expect(await a.take(job, 300)).toBe(true);
    expect(await b.take(job, 300)).toBe(false);
    expect(await a.take(job, 300)).toBe(true);
    await pause(350);
    expect(await b.take(job, 10_000)).toBe(true);
    expect(await a.take(job, 10_000)).toBe(false);
    await b.release();
    expect(await a.take(job, 10_000)).toBe(true);
  });

  it('of many instances asking at once, exactly one wins', async () => {
    const job = jobName();
    const instances = Array.from({ length: 8 }, (_, i) => createJobLeases(t.services.db, `racer-${i}`));
    const won = await Promise.all(instances.map((l) => l.take(job, 10_000)));
    expect(won.filter(Boolean)).toHaveLength(1);
  });

  it('two instances running the same periodic job: each period runs it once', async () => {
    const name = jobName();
    let runs = 0;
    const jobs = ['one', 'two'].map((holder) =>
      createIntervalJob({
        name,
        everyMs: 100,
        pass: async () => {
          runs++;
          return 0;
        },
        log: t.app.log,
        leases: createJobLeases(t.services.db, holder),
      }),
    );
    for (const j of jobs) j.start();
    await pause(1050);
    await Promise.all(jobs.map((j) => j.stop()));
    // About ten periods; without the lease it would be about twenty.
    expect(runs).toBeGreaterThanOrEqual(6);
    expect(runs).toBeLessThanOrEqual(11);
  });

  it('a pass longer than the lease keeps it: no other instance starts the job meanwhile', async () => {
    const job = jobName();
    let running = 0;
    let overlap = false;
    let passes = 0;
    const jobs = ['a', 'b'].map((holder) =>
      createIntervalJob({
        name: job,
        everyMs: 50,
        leaseMs: 600,
        log: t.app.log,
        leases: createJobLeases(t.services.db, `long-${holder}`),
        immediate: true,
        // A reconciliation's scantxoutset: several times the lease.
        pass: async () => {
          running++;
          if (running > 1) overlap = true;
          passes++;
          await pause(2500);
          running--;
          return 0;
        },
      }),
    );
    for (const j of jobs) j.start();
    await pause(4000);
    await Promise.all(jobs.map((j) => j.stop()));
    expect(passes).toBeGreaterThan(0);
    expect(overlap).toBe(false);
  });

  it('a pass that lost its lease stops before its next write, logged once', async () => {
    const job = jobName();
    const writes: string[] = [];
    const warned: string[] = [];
    const log = {
      ...t.app.log,
      info: () => undefined,
      warn: (_o: object, msg: string) => void warned.push(msg),
    } as unknown as typeof t.app.log;
    let passes = 0;
    const j = createIntervalJob({
      name: job,
      everyMs: 10_000,
      leaseMs: 300,
      log,
      leases: createJobLeases(t.services.db, 'loser'),
      immediate: true,
      pass: async (lease) => {
        passes++;
        lease.check();
        writes.push('first');
        // Another instance takes the lease meanwhile (this one stalled past it, say).
        await t.services.db.execute(
          sql`update job_leases set holder = 'winner', until = now() + interval '1 minute' where name = ${job}`,
        );
        await pause(250);
        lease.check();
        writes.push('second');
        return 1;
      },
    });
    j.start();
    await pause(600);
    await j.stop();
    expect(passes).toBe(1);
    expect(writes).toEqual(['first']);
    expect(warned.filter((m) => m.includes('lease was lost'))).toHaveLength(1);
    expect(warned.filter((m) => m.includes('failed'))).toEqual([]);
  });

  it('only the leader asks the price source; a follower reads the prices it recorded', async () => {
    const fetched: string[] = [];
    let usd = '100';
    const make = (holder: string) =>
      priceService(
        holder,
        'LEASETEST',
        async () => {
          fetched.push(holder);
          return usd;
        },
        1,
      );
    await t.services.db.execute(sql`delete from job_leases where name = 'price refresh'`);
    const leader = make('leader');
    const follower = make('follower');
    await leader.start();
    await follower.start();
    usd = '123.45';
    await pause(2300);
    await Promise.all([leader.stop(), follower.stop()]);
    expect(new Set(fetched)).toEqual(new Set(['leader']));
    expect(follower.price('LEASETEST')?.usd.toFixed()).toBe('123.45');
  });

  it('a follower started with the leader on a new database has fresh prices once started', async () => {
    await t.services.db.execute(sql`delete from job_leases where name = 'price refresh'`);
    // The leader's first fetch lands after the follower's first read.
    const make = (holder: string) => priceService(holder, 'LEASETEST2', () => pause(400).then(() => '7'), 60);
    const both = [make('first'), make('second')];
    await Promise.all(both.map((p) => p.start()));
    await Promise.all(both.map((p) => p.stop()));
    for (const p of both) expect(p.freshUsd('LEASETEST2').toFixed()).toBe('7');
  });
});
