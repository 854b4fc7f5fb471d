import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startServer } from '../../security/earlier-holes.helpers';
import { freePort } from '../chain/utxo/litecoind';

// SIGKILL between the gateway's success and our webhook handling loses nothing (DECISIONS §7): the
// test gateway keeps the event it sent in its own books, sends it again once we answer, and the
// deposit is credited once. Real server processes on one embedded database directory.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaultline-crash-'));
const ADMIN = { email: 'ops@crash.vaultline.test', password: 'a-long-enough-password-1' };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A webhook endpoint that takes the request and never answers: our handling never happens. */
async function blackHole() {
  const seen: { payload: string; signature: string }[] = [];
  const server = http.createServer((req, _res) => {
    let body = '';
    req.on('data', (d) => {
      body += String(d);
    });
    req.on('end', () => seen.push({ payload: body, signature: String(req.headers['stripe-signature']) }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    seen,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => server.closeAllConnections(),
  };
}

/** A browser's session: the XSRF cookie and header, and the bearer token after login. */
async function client(base: string) {
  const first = await fetch(`${base}/api/health/ready`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
  let token = '';
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie: `XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': xsrf,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await res.json().catch(() => null)) as { content?: unknown } | null;
    return { status: res.status, content: answer?.content ?? null };
  };
  token = ((await call('POST', '/api/Auth', ADMIN)).content as { jwToken: string }).jwToken;
  const usd = async () =>
    (
      (await call('GET', '/api/Wallets')).content as {
        id: string;
        ticker: string;
        amount: string;
      }[]
    ).find((w) => w.ticker === 'USD');
  return { call, usd };
}

it('the gateway took the money, the server was killed before handling its webhook: credited once after the restart', async () => {
  const hole = await blackHole();
  const env = { DATA_DIR: dataDir, DEMO: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  const [first, second] = [await freePort(), await freePort()];
  const a = startServer({ ...env, PORT: String(first), TEST_GATEWAY_WEBHOOK_URL: hole.url });
  await a.ready(`http://127.0.0.1:${first}`);
  const c = await client(`http://127.0.0.1:${first}`);
  const usd = await c.usd();
  const checkout = await c.call('POST', '/api/Payment/card/checkout', { assetId: usd?.id, amount: '25' });
  expect(checkout.status).toBe(200);
  const url = (checkout.content as { url: string }).url;
  const paid = await fetch(`http://127.0.0.1:${first}${url}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242424242424242', expiry: '12/39', cvc: '123' }),
  });
  expect(paid.status).toBe(303);
  // The gateway has the payment and its webhook is on the wire; our handler has not run.
  await expect.poll(() => hole.seen.length, { timeout: 20_000 }).toBeGreaterThan(0);
  a.child.kill('SIGKILL');
  await a.exited;
  hole.close();

  const b = startServer({ ...env, PORT: String(second) });
  try {
    await b.ready(`http://127.0.0.1:${second}`);
    const again = await client(`http://127.0.0.1:${second}`);
    await expect.poll(async () => (await again.usd())?.amount, { timeout: 30_000 }).toBe('25');
    // The delivery that was cut off, sent once more by hand: already applied, nothing moves.
    const lost = hole.seen[0];
    const replay = await fetch(`http://127.0.0.1:${second}/api/webhooks/test-gateway`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': lost?.signature ?? '' },
      body: lost?.payload ?? '',
    });
    // Signed moments ago (within the 5-minute tolerance): accepted, and a duplicate.
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { content: { duplicate: boolean } }).content.duplicate).toBe(true);
    expect((await again.usd())?.amount).toBe('25');
    const deposits = (await again.call('GET', '/api/Payment/deposits')).content as {
      status: number;
      amount: string;
    }[];
    expect(deposits).toEqual([expect.objectContaining({ status: 1, amount: '25' })]);
  } finally {
    await b.stop();
  }
}, 180_000);
