import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => readFileSync(path.join(dir, name), 'utf8');

/**
 * A loopback HTTP server answering like Coinbase (/v2/exchange-rates) and CoinGecko
 * (/api/v3/simple/price) with recorded responses; `failing` makes it answer 503, `requests` logs URLs.
 */
export async function startPriceFixture(): Promise<{
  url: string;
  state: { failing: boolean };
  requests: string[];
  close(): Promise<void>;
}> {
  const state = { failing: false };
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (state.failing) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"unavailable"}');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/v2/exchange-rates' && url.searchParams.get('currency') === 'USD') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(fixture('coinbase-exchange-rates.json'));
    } else if (url.pathname === '/api/v3/simple/price') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(fixture('coingecko-simple-price.json'));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    state,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // fetch keeps connections alive; do not wait for them to time out.
        server.closeAllConnections();
      }),
  };
}
