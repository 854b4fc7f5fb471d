import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { openTestDatabase, testConfig } from '../../test/test-app';
import { createFeedService } from './feed.service';
import { closeClients, connect, pause, update } from './feed.test-helpers';

// Two instances need a Redis to share rooms. Redis runs on the development and CI machines
// (STACK.md), so without REDIS_URL this test uses the local one rather than skipping.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const s = createConnection({ host: hostname, port: Number(port || 6379) });
    s.setTimeout(2000);
    s.once('connect', () => resolve(s.end() && true));
    s.once('error', () => resolve(false));
    s.once('timeout', () => resolve(s.destroy() && false));
  });
}

let database: Database;
const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
const urls: string[] = [];

beforeAll(async () => {
  if (!(await reachable(REDIS_URL))) {
    throw new Error(`The two-instance feed test needs Redis at ${REDIS_URL} (set REDIS_URL); none answered.`);
  }
  // One database for both instances, as two API processes behind a load balancer would share.
  database = await openTestDatabase();
  const redisKey = `feed-cluster-${randomUUID()}`;
  for (let i = 0; i < 2; i++) {
    const config = testConfig({ REDIS_URL });
    const feed = createFeedService({ config, log: { error: () => {} }, redisKey });
    const app = await buildApp({ config, database, overrides: { feed } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
    urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  }
});

afterAll(async () => {
  closeClients();
  for (const app of apps) await app.close();
  await database?.close();
});

describe('live feed across two instances (Redis adapter)', () => {
  it('a watcher on instance A receives an update published through instance B, and only its own', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const [urlA, urlB] = urls as [string, string];
    const watcherOnA = await connect(urlA, { transport: 'polling' });
    const otherOnA = await connect(urlA);
    const idleOnB = await connect(urlB);
    expect(await watcherOnA.watch([a])).toEqual({ ok: true, watching: 1 });
    expect(await otherOnA.watch([b])).toEqual({ ok: true, watching: 1 });

    const appB = apps[1];
    if (!appB) throw new Error('instance B did not start');
    expect(appB.services.feed.publish(update(a), { exchangeId: a })).toBe(true);
    const got = await watcherOnA.next(a);
    expect(got.id).toBe(a);
    await pause(200);
    expect(watcherOnA.received.map((u) => u.id)).toEqual([a]);
    expect(otherOnA.received).toEqual([]);
    expect(idleOnB.received).toEqual([]);
  });
});
