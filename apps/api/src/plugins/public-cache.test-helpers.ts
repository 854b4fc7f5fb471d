import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Ports of the public read cache's tests (this suite's range, 8395-8399): each test file listens
 * on its own, so files running at once do not meet.
 */
export const PORTS = { rules: 8395, expiryApp: 8396, app: 8397, prices: 8398, expiryPrices: 8399 } as const;

/** The routes that opt in to the cache; public-cache.test.ts checks each one's answers. */
export const OPTED_IN_ROUTES = [
  '/api/Wallets/list',
  '/api/Wallets/wallet/ticker/:ticker',
  '/api/Wallets/wallet/:id',
  '/api/PublicExchange/exchangeRate',
  '/api/prices',
  '/api/settings',
  '/api/countries',
] as const;

export const XSRF = 'public-cache-test-xsrf';
/** What a browser sends after its first answer: the XSRF cookie. */
export const GUEST = { cookie: `XSRF-TOKEN=${XSRF}` };

export interface RawResponse {
  /** The whole answer as it came over the socket. */
  raw: string;
  status: number;
  /** Header lines as sent, in order, names as written. */
  headers: [string, string][];
  body: string;
}

/** The answer without its Date line (Node writes the current second). */
export const withoutDate = (r: RawResponse) => r.raw.replace(/\r\nDate: [^\r]*/i, '');
export const header = (r: RawResponse, name: string) =>
  r.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];

/**
 * Sends requests one after the other on one TCP connection and returns each answer byte for byte
 * (a real server on loopback: the cache sits on the server's request listener, which
 * app.inject never reaches).
 */
export async function rawRequests(
  port: number,
  requests: { method?: string; url: string; headers?: Record<string, string> }[],
): Promise<RawResponse[]> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let buffered = Buffer.alloc(0);
  const waiters: (() => void)[] = [];
  socket.on('data', (d) => {
    buffered = Buffer.concat([buffered, d]);
    for (const w of waiters.splice(0)) w();
  });
  const more = () =>
    new Promise<void>((resolve, reject) => {
      waiters.push(resolve);
      socket.once('close', () => reject(new Error(`connection closed; received: ${buffered.toString()}`)));
    });
  const out: RawResponse[] = [];
  try {
    for (const r of requests) {
      const method = r.method ?? 'GET';
      const lines = [`${method} ${r.url} HTTP/1.1`, 'Host: 127.0.0.1'];
      for (const [k, v] of Object.entries(r.headers ?? {})) lines.push(`${k}: ${v}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      let end = buffered.indexOf('\r\n\r\n');
      while (end < 0) {
        await more();
        end = buffered.indexOf('\r\n\r\n');
      }
      const head = buffered.subarray(0, end).toString('latin1');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = headerLines.map((l) => {
        const i = l.indexOf(':');
        return [l.slice(0, i), l.slice(i + 1).trim()] as [string, string];
      });
      const length =
        method === 'HEAD' ? 0 : Number(headers.find(([n]) => n.toLowerCase() === 'content-length')?.[1] ?? 0);
      while (buffered.length < end + 4 + length) await more();
      const whole = buffered.subarray(0, end + 4 + length);
      buffered = buffered.subarray(end + 4 + length);
      out.push({
        raw: whole.toString('utf8'),
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: whole.subarray(end + 4).toString('utf8'),
      });
    }
  } finally {
    socket.destroy();
  }
  return out;
}

export async function rawGet(port: number, url: string, headers: Record<string, string> = GUEST) {
  const [res] = await rawRequests(port, [{ url, headers }]);
  if (!res) throw new Error('no answer');
  return res;
}

const fixtureFile = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../modules/prices/fixtures/coinbase-exchange-rates.json',
);

/**
 * A price source answering like Coinbase's exchange rates, whose BTC price the test sets
 * (`btcUsd`), or which fails (`failing`): prices that really change on a refresh.
 */
export async function startMovingPrices(port: number) {
  const recorded = JSON.parse(readFileSync(fixtureFile, 'utf8')) as {
    data: { currency: string; rates: Record<string, string> };
  };
  const state = { btcUsd: '62500', failing: false };
  const server = createServer((req, res) => {
    if (state.failing || !req.url?.startsWith('/v2/exchange-rates')) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{}');
      return;
    }
    const rates = { ...recorded.data.rates, BTC: String(1 / Number(state.btcUsd)) };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: { currency: 'USD', rates } }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
