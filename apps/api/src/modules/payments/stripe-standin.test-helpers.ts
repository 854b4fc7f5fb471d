import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { text } from 'node:stream/consumers';
import {
  builtInRoutes,
  nextId,
  type Route,
  type StandInAnswer,
  type StandInHandler,
  type StandInRequest,
  type StandInState,
  stripeError,
} from './stripe-standin-routes.test-helpers';

export interface StripeStandIn {
  port: number;
  /** The adapter's `api` option pointing at this stand-in. */
  api: { host: string; port: number; protocol: 'http' };
  requests: StandInRequest[];
  state: StandInState;
  /**
   * Answers `method path` (exact path or pattern) this way, before the built-in answers, until the
   * function returned is called.
   */
  respond(method: string, path: string | RegExp, answer: StandInAnswer | StandInHandler): () => void;
  close(): Promise<void>;
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
};

/**
 * A loopback stand-in for Stripe's API, for the real `stripe` library (`api` option of the adapter):
 * records every request and answers Stripe's documented objects, remembering sessions and cancelled
 * subscriptions. Like Stripe, a POST with an idempotency key already used gets the first answer again.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const state: StandInState = {
    sessions: new Map(),
    subscriptions: new Map(),
    invoicePayments: new Map(),
    card: { brand: 'visa', last4: '4242' },
    prices: new Map(),
  };
  const overrides: Route[] = [];
  const routes = builtInRoutes(state);
  const replays = new Map<string, StandInAnswer>();

  const answer = (rec: StandInRequest): StandInAnswer => {
    for (const r of [...overrides, ...routes]) {
      const m = r.method === rec.method ? rec.path.match(r.path) : null;
      if (m) return r.handler(rec, m.slice(1));
    }
    return stripeError(404, `Unrecognized request URL (${rec.method}: ${rec.path}).`);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const rec: StandInRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: Object.fromEntries(new URLSearchParams(await text(req))),
      idempotencyKey: header(req, 'idempotency-key'),
      authorization: header(req, 'authorization'),
    };
    requests.push(rec);
    const key = rec.method === 'POST' && rec.idempotencyKey ? `${rec.path} ${rec.idempotencyKey}` : null;
    const replayed = key ? replays.get(key) : undefined;
    const out = replayed ?? answer(rec);
    if (key && !replayed) replays.set(key, out);
    res.writeHead(out.status ?? 200, {
      'content-type': 'application/json',
      'request-id': nextId('req'),
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    res.end(JSON.stringify(out.body));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const port = address.port;

  return {
    port,
    api: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    state,
    respond(method, path, given) {
      const pattern =
        typeof path === 'string' ? new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : path;
      const handler = typeof given === 'function' ? given : () => given;
      const route = { method, path: pattern, handler };
      overrides.unshift(route);
      return () => {
        const at = overrides.indexOf(route);
        if (at >= 0) overrides.splice(at, 1);
      };
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // The library keeps connections alive; do not wait for them to time out.
        server.closeAllConnections();
      }),
  };
}
