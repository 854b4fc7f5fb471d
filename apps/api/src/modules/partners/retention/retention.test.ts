import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { createJobLeases } from '../../../lib/job-lease';
import { openTestDatabase, testConfig } from '../../../test/test-app';
import { deleteOldIdempotencyKeys } from './retention.repository';
import { createPartnerRetention } from './retention-job';

// The retention job on its own database: rows are written in SQL with the age each case needs.
let database: Database;
let partner: string;
let endpoint: string;
const q = async (text: string) =>
  ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
const log = { info() {}, warn() {} } as unknown as FastifyBaseLogger;
const ago = (interval: string) => `now() - interval '${interval}'`;

beforeAll(async () => {
  database = await openTestDatabase();
  [{ id: partner }] = (await q(`insert into users (email, password_hash, first_name, last_name)
    values ('retention@test.vaultline', 'x', 'P', 'A') returning id`)) as [{ id: string }];
  await q(`insert into partners (user_id, max_commission, commission) values ('${partner}', 0.03, 0.02)`);
  [{ id: endpoint }] = (await q(`insert into partner_webhook_endpoints (partner_id, url, events, secret)
    values ('${partner}', 'https://example.test/hook', '{exchange.created}', 's') returning id`)) as [
    { id: string },
  ];
});
afterAll(() => database.close());
beforeEach(async () => {
  await q('delete from partner_idempotency_keys');
  await q('delete from partner_webhook_events');
});

/** A job with a small batch (the loop is exercised) and the default retention (168 h, 30 days). */
const job = (batch = 2) =>
  createPartnerRetention(
    { db: database.db, config: testConfig(), log, leases: createJobLeases(database.db) },
    { batch },
  );

async function key(name: string, age: string, statusCode: number | null = 201) {
  await q(`insert into partner_idempotency_keys (partner_id, key, route, request_hash, status_code, created_at)
    values ('${partner}', '${name}', 'POST /api/v1/exchanges', 'h', ${statusCode ?? 'null'}, ${ago(age)})`);
}
const keys = async () =>
  (await q('select key from partner_idempotency_keys order by key')).map((r) => r.key as string);

/** An event of the given age with one delivery per status given. */
async function event(name: string, age: string, statuses: string[]) {
  const [{ id }] =
    (await q(`insert into partner_webhook_events (partner_id, exchange_id, type, payload, created_at)
    values ('${partner}', gen_random_uuid(), '${name}', '{}', ${ago(age)}) returning id`)) as [
      { id: string },
    ];
  for (const status of statuses)
    await q(`insert into partner_webhook_deliveries (event_id, endpoint_id, partner_id, status, created_at)
      values ('${id}', '${endpoint}', '${partner}', '${status}', ${ago(age)})`);
}
const events = async () =>
  (await q('select type from partner_webhook_events order by type')).map((r) => r.type as string);
const deliveries = async () =>
  Number((await q('select count(*)::int as n from partner_webhook_deliveries'))[0]?.n);

describe('idempotency keys', () => {
  it('deletes keys past the retention, in batches until none is left, and keeps young ones', async () => {
    for (let i = 0; i < 5; i++) await key(`old-${i}`, `${200 + i} hours`);
    await key('old-in-progress', '169 hours', null);
    await key('young', '167 hours');
    await key('young-in-progress', '10 minutes', null);
    // 6 old keys with a batch of 2: three full batches and an empty one.
    expect(await job().pass()).toBe(6);
    expect(await keys()).toEqual(['young', 'young-in-progress']);
  });

  it('keeps a key in progress for its first hour even when the retention is shorter', async () => {
    await key('done', '30 minutes');
    await key('in-progress', '30 minutes', null);
    await key('stuck', '2 hours', null);
    // A one-minute retention: the answered key and the one stuck for hours go, the running one stays.
    expect(await deleteOldIdempotencyKeys(database.db, 60_000, 10)).toBe(2);
    expect(await keys()).toEqual(['in-progress']);
  });
});

describe('webhook events', () => {
  it('deletes finished old events with their deliveries, in batches, and keeps the rest', async () => {
    for (let i = 0; i < 3; i++) await event(`old-delivered-${i}`, `${31 + i} days`, ['delivered']);
    await event('old-failed', '40 days', ['failed', 'delivered']);
    await event('old-no-delivery', '35 days', []);
    await event('old-pending', '60 days', ['delivered', 'pending']);
    await event('young', '29 days', ['delivered']);
    expect(await deliveries()).toBe(8);
    expect(await job().pass()).toBe(5);
    expect(await events()).toEqual(['old-pending', 'young']);
    // Only the kept events' deliveries are left (the cascade took the others).
    expect(await deliveries()).toBe(3);
  });

  it('deletes nothing when nothing is old', async () => {
    await event('young', '1 day', ['pending']);
    await key('young', '1 hour');
    expect(await job().pass()).toBe(0);
    expect(await events()).toEqual(['young']);
  });
});

describe('the job', () => {
  it('starts and stops with the app (a stop before the first period runs nothing)', async () => {
    await key('old', '300 hours');
    const j = job();
    j.start();
    await j.stop();
    expect(await keys()).toEqual(['old']);
  });

  it('runs its passes on the timer only while it holds the lease (one instance at a time)', async () => {
    await key('old', '300 hours');
    const sleep = () => new Promise((resolve) => setTimeout(resolve, 150));
    const timed = () =>
      createPartnerRetention(
        { db: database.db, config: testConfig(), log, leases: createJobLeases(database.db) },
        { everyMs: 20 },
      );
    // Another instance holds the lease: this one's passes do nothing.
    await q(
      `insert into job_leases (name, holder, until) values ('partner data retention', 'other', now() + interval '1 hour')`,
    );
    const j = timed();
    j.start();
    await sleep();
    await j.stop();
    expect(await keys()).toEqual(['old']);
    // The lease has run out: the next pass takes it and deletes.
    await q(
      `update job_leases set until = now() - interval '1 second' where name = 'partner data retention'`,
    );
    j.start();
    await sleep();
    await j.stop();
    expect(await keys()).toEqual([]);
  });
});
