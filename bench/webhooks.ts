/**
 * Partner webhook latency: a partner exchange's status change (its UPDATE committed) to the signed
 * webhook's receipt by the partner's receiver, at WH_RATE changes a second (default 100) for
 * WH_SECONDS (default 20). Run: node --import tsx bench/webhooks.ts
 *
 * - The API is built in this process in production mode with the default logging (buildApp on an
 *   embedded PGlite, or DATABASE_URL), loopback allowed for the receiver (set on the loaded
 *   settings: WEBHOOK_ALLOW_LOOPBACK itself refuses to boot in production), default poll
 *   (1 s) and concurrency: what wakes the job at once is the outbox trigger's notification.
 * - One partner, one endpoint subscribed to exchange.updated, WH_EXCHANGES exchanges (default 200).
 *   The receiver (node:http on loopback, another port) verifies every signature with node:crypto.
 * - Each change sets a unique updated_at (the key the webhook carries back as data.updatedAt); the
 *   clock starts when the UPDATE's promise resolves (after its commit), so a receipt can even come
 *   a hair before it (the notification is sent at commit): such latencies count as 0.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { eq, inArray, sql } from 'drizzle-orm';

const RATE = Number(process.env.WH_RATE ?? 100);
const SECONDS = Number(process.env.WH_SECONDS ?? 20);
const EXCHANGES = Number(process.env.WH_EXCHANGES ?? 200);
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const EPOCH = Date.parse('2030-01-01T00:00:00.000Z');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function main() {
  const [{ buildApp }, { openPglite, openPostgres }, { seedReference }, { loadConfig }, schema] =
    await Promise.all([
      import('../apps/api/src/app'),
      import('../apps/api/src/db/client'),
      import('../apps/api/src/db/seed'),
      import('../apps/api/src/config'),
      import('../apps/api/src/db/schema'),
    ]);
  const loaded = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-bench-jwt',
    COOKIE_SECRET: 'bench-cookie-secret-bench-cookie-secret-x',
    DATA_DIR: os.tmpdir(),
  });
  // The receiver is on loopback: allowed here, in the bench's own process only.
  const config = { ...loaded, partnerWebhooks: { ...loaded.partnerWebhooks, allowLoopback: true } };
  const database = process.env.DATABASE_URL
    ? await openPostgres(process.env.DATABASE_URL, 10)
    : await openPglite();
  await seedReference(database.db);
  const db = database.db;

  // The receiver: when each change's webhook arrived, keyed by the updatedAt the bench set.
  const receipts = new Map<string, number>();
  let secret = '';
  let verified = 0;
  let bad = 0;
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = now();
      const body = Buffer.concat(chunks).toString('utf8');
      const [t, v1] = String(req.headers['vaultline-signature'])
        .split(',')
        .map((p) => p.split('=')[1]);
      if (createHmac('sha256', secret).update(`${t}.${body}`).digest('hex') === v1) verified++;
      else bad++;
      const key = (JSON.parse(body) as { data: { updatedAt: string } }).data.updatedAt;
      if (!receipts.has(key)) receipts.set(key, at);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  const app = await buildApp({ config, database });
  await app.ready();
  const [user] = await db
    .insert(schema.users)
    .values({
      email: `bench-${Date.now()}@bench.vaultline`,
      passwordHash: 'x',
      firstName: 'Bench',
      lastName: 'Partner',
    })
    .returning({ id: schema.users.id });
  if (!user) throw new Error('no user');
  await db.insert(schema.partners).values({ userId: user.id, maxCommission: '0.02' });
  const created = await app.services.partners.webhooks.create(user.id, { url, events: ['exchange.updated'] });
  secret = created.secret;

  const [btc] = await db.select().from(schema.assets).where(eq(schema.assets.ticker, 'BTC'));
  const [eth] = await db.select().from(schema.assets).where(eq(schema.assets.ticker, 'ETH'));
  if (!btc || !eth) throw new Error('no assets');
  const rows = await db
    .insert(schema.guestExchanges)
    .values(
      Array.from({ length: EXCHANGES }, (_, i) => ({
        sourceAssetId: btc.id,
        destinationAssetId: eth.id,
        amount: '0.5',
        destinationAmount: '8.25',
        rate: '16.5',
        fee: '0.1',
        feeRate: '0.01',
        usdValue: '30000',
        email: `bench-${i}@bench.vaultline`,
        depositAddress: 'bc1qbench',
        destinationAddress: '0x00000000000000000000000000000000000000aa',
        status: 3,
        partnerId: user.id,
      })),
    )
    .returning({ id: schema.guestExchanges.id });
  const ids = rows.map((r) => r.id);

  // 100 a second, each at its own time slot (not a burst every tick); not awaited in turn, so a
  // slow commit does not push the next change back.
  const total = RATE * SECONDS;
  const commits = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const start = now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - now();
    if (wait > 1) await sleep(wait);
    const id = ids[i % ids.length] as string;
    const key = new Date(EPOCH + i).toISOString();
    const status = [2, -1, 2, 3][Math.floor(i / ids.length) % 4] as number;
    pending.push(
      db
        .update(schema.guestExchanges)
        .set({ status, updatedAt: new Date(key) })
        .where(eq(schema.guestExchanges.id, id))
        .then(() => {
          commits.set(key, now());
        }),
    );
  }
  await Promise.all(pending);
  const sent = now() - start;
  const deadline = now() + 15_000;
  while (receipts.size < total && now() < deadline) await sleep(50);

  const lat = [...commits].map(([k, t]) => Math.max(0, (receipts.get(k) ?? Number.POSITIVE_INFINITY) - t));
  const got = lat.filter(Number.isFinite).sort((a, b) => a - b);
  const statuses = await db
    .select({ status: schema.partnerWebhookDeliveries.status, n: sql<number>`count(*)::int` })
    .from(schema.partnerWebhookDeliveries)
    .where(inArray(schema.partnerWebhookDeliveries.partnerId, [user.id]))
    .groupBy(schema.partnerWebhookDeliveries.status);
  console.log(
    JSON.stringify(
      {
        database: database.kind,
        changes: total,
        rate: RATE,
        sentInSeconds: +(sent / 1000).toFixed(2),
        received: got.length,
        missing: total - got.length,
        verifiedSignatures: verified,
        badSignatures: bad,
        latencyMs: {
          p50: +percentile(got, 50).toFixed(1),
          p90: +percentile(got, 90).toFixed(1),
          p99: +percentile(got, 99).toFixed(1),
          max: +(got[got.length - 1] ?? Number.NaN).toFixed(1),
        },
        deliveries: Object.fromEntries(statuses.map((s) => [s.status, s.n])),
      },
      null,
      2,
    ),
  );
  await app.close();
  await database.close();
  await new Promise((r) => receiver.close(r));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
