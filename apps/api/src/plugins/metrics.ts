import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import fp from 'fastify-plugin';
import promClient, { type Histogram, type Registry } from 'prom-client';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { unauthorized } from '../lib/errors';
import type { Services } from '../services';
import type { PublicCache } from './public-cache';

/** What the product's own gauges read at each scrape. */
export interface MetricsSources {
  database: Pick<Database, 'poolStats'>;
  services: Pick<Services, 'feed' | 'leases' | 'prices' | 'mail' | 'chain'>;
}

export interface MetricsPluginOptions {
  config: Config['metrics'];
  sources: MetricsSources;
  publicCache: Pick<PublicCache, 'observe'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics' own port when METRICS_PORT is set (tests read the port it got). */
    metricsServer?: http.Server;
  }
}

const PATH = '/metrics';
/** Request duration buckets (seconds): the money calls answer in milliseconds, a slow page in seconds. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Prometheus metrics (issue "Operate it", docs/operations.md "Metrics"): fastify-metrics times every
 * route by its template and status, prom-client's default process and Node.js metrics, and the
 * product's own gauges, in a registry of this app's. `GET /metrics` answers only with
 * `Authorization: Bearer $METRICS_TOKEN`; with METRICS_PORT it is served on that port instead (and
 * still asks for the token when one is set). Registered only when one of them is set.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: MetricsPluginOptions) => {
  const registry = new promClient.Registry();
  await app.register(fastifyMetrics, {
    promClient,
    endpoint: null,
    defaultMetrics: { enabled: true, register: registry },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      routeBlacklist: [PATH],
      overrides: {
        histogram: { registers: [registry], buckets: BUCKETS },
        summary: { registers: [registry] },
      },
    },
  });
  const histogram = registry.getSingleMetric('http_request_duration_seconds') as
    | Histogram<string>
    | undefined;
  if (!histogram) throw new Error('fastify-metrics did not register http_request_duration_seconds');
  // The public read cache answers in front of Fastify (decision 0024): timed here like the rest.
  opts.publicCache.observe((route, status, seconds) =>
    histogram.observe({ method: 'GET', route, status_code: status }, seconds),
  );
  productGauges(registry, opts.sources);

  const token = opts.config.token ? digest(opts.config.token) : undefined;
  const allowed = (header: string | undefined) =>
    token === undefined ||
    (header?.startsWith('Bearer ') === true && timingSafeEqual(digest(header.slice(7)), token));

  if (opts.config.port !== undefined) {
    const server = http.createServer((req, res) => {
      void answer(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
    async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== PATH) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      } else if (!allowed(req.headers.authorization)) {
        res
          .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
          .end('Unauthorized');
      } else {
        const body = await registry.metrics();
        res.writeHead(200, { 'content-type': registry.contentType }).end(body);
      }
    }
    const { port, host } = opts.config;
    app.decorate('metricsServer', server);
    app.addHook('onReady', () => new Promise<void>((resolve) => server.listen(port, host, resolve)));
    app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
    return;
  }

  app.get(PATH, {
    // Outside /api; a credential of its own (the metrics token), refused with 401 in the envelope.
    config: { access: 'public', ownCredential: 'metrics-token' },
    logLevel: 'warn',
    exposeHeadRoute: false,
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      if (!allowed(req.headers.authorization))
        throw unauthorized('A metrics token is needed', 'UNAUTHORIZED');
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  });
});

/** The port the metrics server listens on (tests ask for port 0). */
export function metricsPort(app: FastifyInstance): number {
  const address = app.metricsServer?.address();
  if (!address || typeof address === 'string') throw new Error('the metrics server is not listening');
  return (address as AddressInfo).port;
}

/** Tokens are compared as SHA-256 digests: equal lengths, and nothing learnt from timing. */
const digest = (s: string) => createHash('sha256').update(s).digest();

/** The product's own gauges, each read when Prometheus scrapes. */
function productGauges(registry: Registry, { database, services }: MetricsSources) {
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: L[],
    collect: (g: promClient.Gauge<L>) => void | Promise<void>,
  ) =>
    new promClient.Gauge<L>({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        // A source that cannot be read now (the database down) leaves its gauge empty: the
        // scrape still answers, with everything else.
        await Promise.resolve()
          .then(() => collect(this))
          .catch(() => undefined);
      },
    });

  gauge('vaultline_db_pool_connections', 'PostgreSQL pool connections by state', ['state'], (g) => {
    const s = database.poolStats?.();
    if (!s) return;
    g.set({ state: 'in_use' }, s.total - s.idle);
    g.set({ state: 'idle' }, s.idle);
    g.set({ state: 'waiting' }, s.waiting);
  });
  gauge('vaultline_feed_connections', 'Live feed clients connected to this instance', [], (g) => {
    g.set(services.feed.connections?.() ?? 0);
  });
  gauge(
    'vaultline_job_leases_held',
    'Periodic jobs whose lease this instance holds (1 each)',
    ['job'],
    (g) => {
      for (const job of services.leases.held()) g.set({ job }, 1);
    },
  );
  gauge('vaultline_price_age_seconds', 'Age of the last known price, per asset', ['asset'], (g) => {
    const now = Date.now();
    for (const [asset, at] of services.prices.takenAt()) g.set({ asset }, (now - at.getTime()) / 1000);
  });
  gauge('vaultline_mail_deliveries_in_flight', 'E-mails being delivered by this instance', [], async (g) => {
    g.set((await mailQueue()).inFlight);
  });
  gauge(
    'vaultline_mail_outbox_undelivered',
    'E-mails in the outbox neither sent nor failed (SMTP configured)',
    [],
    async (g) => {
      const q = await mailQueue();
      if ('undelivered' in q) g.set(q.undelivered);
    },
  );
  gauge(
    'vaultline_mail_outbox_oldest_undelivered_seconds',
    'Age of the oldest undelivered e-mail (0 when none; SMTP configured)',
    [],
    async (g) => {
      const q = await mailQueue();
      if ('oldest' in q) g.set(q.oldest ? (Date.now() - q.oldest.getTime()) / 1000 : 0);
    },
  );
  gauge(
    'vaultline_chain_lag_blocks',
    "Blocks between the node's head and the last block read",
    ['network'],
    async (g) => {
      for (const n of (await chainHealth()).networks)
        if (n.headBlock !== null && n.scannedBlock !== null)
          g.set({ network: n.network }, Math.max(0, n.headBlock - n.scannedBlock));
    },
  );
  gauge(
    'vaultline_chain_rpc_up',
    "Whether the network's node answered the last read (1) or not (0)",
    ['network'],
    async (g) => {
      for (const n of (await chainHealth()).networks) g.set({ network: n.network }, n.rpcOk ? 1 : 0);
    },
  );
  gauge(
    'vaultline_chain_halted',
    "Whether the network's reading stopped on a reorganisation too deep to follow (1): see docs/operations.md",
    ['network'],
    async (g) => {
      for (const n of (await chainHealth()).networks) g.set({ network: n.network }, n.haltedAt ? 1 : 0);
    },
  );
  gauge(
    'vaultline_chain_reconciliation_difference',
    "The books against the chain at the last hourly check, by network and asset: what the network's addresses hold less what the ledger says the house holds and what is in flight (0 when they match; docs/chains.md)",
    ['network', 'asset'],
    async (g) => {
      for (const r of await services.chain.reconciliations())
        g.set({ network: r.network, asset: r.ticker }, Number(r.difference));
    },
  );
  gauge(
    'vaultline_chain_payouts_open',
    'Payouts not confirmed nor failed, by network and status',
    ['network', 'status'],
    async (g) => {
      for (const p of (await chainHealth()).payouts) g.set({ network: p.network, status: p.status }, p.count);
    },
  );

  gauge(
    'vaultline_chain_payouts_oldest_seconds',
    'How long the oldest open payout has been waiting, by network and status (signed ones: since signing)',
    ['network', 'status'],
    async (g) => {
      const now = Date.now();
      for (const p of (await chainHealth()).payouts)
        g.set({ network: p.network, status: p.status }, Math.max(0, (now - p.oldest.getTime()) / 1000));
    },
  );

  // One read per scrape for the gauges that share it.
  let mailRead: { at: number; value: ReturnType<Services['mail']['queue']> } | undefined;
  let chainRead: { at: number; value: ReturnType<Services['chain']['health']> } | undefined;
  function mailQueue() {
    if (!mailRead || Date.now() - mailRead.at > 1000)
      mailRead = { at: Date.now(), value: services.mail.queue() };
    return mailRead.value;
  }
  function chainHealth() {
    if (!chainRead || Date.now() - chainRead.at > 1000)
      chainRead = { at: Date.now(), value: services.chain.health() };
    return chainRead.value;
  }
}
