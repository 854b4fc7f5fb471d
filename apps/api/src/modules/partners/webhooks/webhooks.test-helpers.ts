import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { assets, guestExchanges } from '../../../db/schema';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The signature checked with node:crypto against the secret the test expects. */
  verified: boolean;
  at: number;
}

/**
 * A partner's receiver on a loopback port (node:http): records every request, checks its signature
 * with the secret `secret()` answers (the test sets it once the endpoint exists) and answers what
 * `answer` says (200 by default). Counts the TCP connections it accepted.
 */
export async function startReceiver(
  opts: {
    answer?: (r: Received, n: number) => number | { status: number; headers?: Record<string, string> };
  } = {},
) {
  const received: Received[] = [];
  let secret = '';
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const r: Received = {
        headers: req.headers,
        body,
        verified: verify(secret, req.headers['vaultline-signature'], body),
        at: Date.now(),
      };
      received.push(r);
      const a = opts.answer?.(r, received.length) ?? 200;
      const { status, headers } = typeof a === 'number' ? { status: a, headers: {} } : a;
      res.writeHead(status, headers).end('ok');
    });
  });
  server.on('connection', () => connections++);
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    connections: () => connections,
    useSecret(s: string) {
      secret = s;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** What a partner's receiver does: recompute the HMAC of "t.body" and compare in constant time. */
export function verify(secret: string, header: string | string[] | undefined, body: string): boolean {
  if (!secret || typeof header !== 'string') return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A partner's exchange written straight into the table (the partner API is another module's). */
export async function insertPartnerExchange(db: DbOrTx, partnerId: string, status = 3) {
  const [btc] = await db.select({ id: assets.id }).from(assets).where(eq(assets.ticker, 'BTC'));
  const [eth] = await db.select({ id: assets.id }).from(assets).where(eq(assets.ticker, 'ETH'));
  if (!btc || !eth) throw new Error('reference assets missing');
  const [row] = await db
    .insert(guestExchanges)
    .values({
      sourceAssetId: btc.id,
      destinationAssetId: eth.id,
      amount: '0.5',
      destinationAmount: '8.25',
      rate: '16.5',
      fee: '0.1',
      feeRate: '0.01',
      usdValue: '30000',
      email: 'guest@example.com',
      depositAddress: 'bc1qdeposit',
      destinationAddress: '0x00000000000000000000000000000000000000aa',
      status,
      partnerId,
      partnerCommission: '0.08',
    })
    .returning({ id: guestExchanges.id });
  if (!row) throw new Error('exchange insert returned no row');
  return row.id;
}

export async function setStatus(db: DbOrTx, exchangeId: string, status: number) {
  await db
    .update(guestExchanges)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(guestExchanges.id, exchangeId));
}

export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}
