import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
  onRequestHookHandler,
  onSendHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { requestLine, requestLogEnabled } from '../lib/logger';
import { MAX_URL_LENGTH } from './http-limits';
import { canTake, captureStore, type PublicCacheRoute } from './public-cache-rules';

export type { PublicCacheRoute } from './public-cache-rules';

declare module 'fastify' {
  interface FastifyInstance {
    /** The public read cache's counts (tests, bench). */
    publicCache: { stats(): { hits: number; entries: number } };
  }
  interface FastifyContextConfig {
    /**
     * Opts a public GET in to the public read cache (docs/decisions/0024): its guest answers are
     * kept as Fastify sent them and sent again before the framework while `version` is unchanged.
     */
    publicCache?: PublicCacheRoute;
  }
}

type Passed = (this: ServerResponse, ...args: unknown[]) => unknown;

/** An answer as Fastify wrote it, and what it depends on. */
interface Entry {
  route: PublicCacheRoute;
  template: string;
  version: unknown;
  /** Date.now() after which it is out of date whatever the version (Infinity: never). */
  until: number;
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

/** Entries kept at most (oldest dropped first): distinct query strings cannot grow memory. */
export const MAX_ENTRIES = 1000;
/** The largest answer kept (the guest wallet list is ~5 KB, the countries 36 KB). */
export const MAX_BODY_BYTES = 256 * 1024;
/** Bodies longer than this (characters) are kept as bytes (see asSent). */
const STRING_BODY_MAX = 4096;

/**
 * The public read cache: an HTTP request listener in front of Fastify's (installed through the
 * `serverFactory` option) that answers a GET it has an entry for, and a plugin that fills the
 * entries from Fastify's own answers on the routes that opt in. Anything it does not take goes to
 * Fastify unchanged. See docs/decisions/0024-public-read-cache.md.
 */
export function createPublicCache({ maxEntries = MAX_ENTRIES }: { maxEntries?: number } = {}) {
  const entries = new Map<string, Entry>();
  let serving = false;
  let log: FastifyBaseLogger | undefined;
  let hits = 0;
  let nextReqId = 0;
  let observer: CacheObserver | undefined;

  /** Fastify's default request ids (`req-1`, `req-2`...), one sequence for both paths. */
  function genReqId(): string {
    nextReqId = (nextReqId + 1) & 2147483647;
    return `req-${nextReqId.toString(36)}`;
  }

  /** Sends the kept answer when it is still the one Fastify would send; false: Fastify's turn. */
  function serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (!serving || req.method !== 'GET') return false;
    const url = req.url;
    if (url === undefined || url.length > MAX_URL_LENGTH) return false;
    const entry = entries.get(url);
    if (entry === undefined || !stillRight(req, entry)) return false;
    const start = log || observer ? performance.now() : 0;
    res.writeHead(entry.status, entry.headers);
    res.end(entry.body);
    hits++;
    // Counted and timed with Fastify's answers (plugins/metrics.ts).
    observer?.(entry.template, entry.status, (performance.now() - start) / 1000);
    // The same line as Fastify's requests get (lib/logger.ts), with an id from the same sequence.
    if (log)
      log.info(
        { reqId: genReqId(), ...requestLine('GET', url, entry.status, performance.now() - start) },
        'request',
      );
    return true;
  }

  /** The request may be answered with the entry, and the entry is what Fastify would send now. */
  function stillRight(req: IncomingMessage, entry: Entry): boolean {
    try {
      if (!canTake(req.headers, entry.route)) return false;
      if (entry.until !== Number.POSITIVE_INFINITY && Date.now() > entry.until) return false;
      return Object.is(entry.route.version(), entry.version);
    } catch {
      return false; // a version that throws: Fastify answers (and its error handler reports)
    }
  }

  function keep(url: string, entry: Entry) {
    if (entries.size >= maxEntries && !entries.has(url)) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(url, entry);
  }

  /**
   * Fastify's server factory with this listener in front: the same HTTP/1 server and settings as
   * Fastify's own (lib/server.js getServerInstance), so timeouts and limits do not change.
   */
  function serverFactory(
    handler: (req: IncomingMessage, res: ServerResponse) => void,
    opts: FastifyServerOptions & { http?: http.ServerOptions | null },
  ): http.Server {
    const server = http.createServer(opts.http ?? {}, (req, res) => {
      if (!serve(req, res)) handler(req, res);
    });
    if (opts.keepAliveTimeout !== undefined) server.keepAliveTimeout = opts.keepAliveTimeout;
    if (opts.requestTimeout !== undefined) server.requestTimeout = opts.requestTimeout;
    server.setTimeout(opts.connectionTimeout ?? 0);
    if (opts.maxRequestsPerSocket && opts.maxRequestsPerSocket > 0)
      server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
    return server;
  }

  const plugin = fp(async (app: FastifyInstance, opts: { logLevel: Config['logLevel'] }) => {
    if (requestLogEnabled(opts.logLevel)) log = app.log;
    app.decorate('publicCache', { stats });
    app.addHook('onRoute', (route) => {
      const cfg = route.config?.publicCache;
      if (!cfg) return;
      const where = `Route ${String(route.method)} ${route.url}`;
      if (typeof cfg.version !== 'function')
        throw new Error(`${where}: config.publicCache needs a version() (what its answer depends on)`);
      if (route.config?.access !== 'public')
        throw new Error(`${where}: config.publicCache needs access 'public'`);
      if ((route.config as { rateLimit?: unknown }).rateLimit)
        throw new Error(`${where}: config.publicCache would bypass its rate limit`);
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.every((m) => m === 'GET' || m === 'HEAD'))
        throw new Error(`${where}: config.publicCache is for GET routes only`);
      route.onRequest = [...toArray(route.onRequest), captureStart as onRequestHookHandler];
      route.onSend = [...toArray(route.onSend), captureEnd as onSendHookHandler];
    });
    app.addHook('onReady', (done) => {
      serving = true;
      done();
    });
    // Registered before the app's other preClose hooks: from the close on, Fastify answers all
    // (503 or `Connection: close`, as it does for every request while closing).
    app.addHook('preClose', (done) => {
      serving = false;
      entries.clear();
      done();
    });
  });

  /** Before the handler: a guest request the cache could take later notes the version it starts at. */
  function captureStart(req: FastifyRequest, _reply: FastifyReply, done: () => void) {
    const route = req.routeOptions.config.publicCache;
    if (serving && route && req.raw.method === 'GET' && canTake(req.headers, route)) {
      const version = route.version();
      if (version !== undefined)
        captureStore.set(req.raw, {
          route,
          template: req.routeOptions.url ?? '',
          version,
          until: route.expires ? Number.NaN : Number.POSITIVE_INFINITY,
        });
    }
    done();
  }

  /** Last onSend hook: records what Fastify writes next (status, headers, body) for this URL. */
  function captureEnd(
    req: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (e: null, p: unknown) => void,
  ) {
    const capture = captureStore.get(req.raw);
    if (capture) captureStore.delete(req.raw);
    if (!capture || reply.statusCode !== 200 || Number.isNaN(capture.until)) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const res = reply.raw;
    const url = req.raw.url as string;
    let head: { status: number; headers: Record<string, string> } | undefined;
    // Fastify's own calls, seen on their way and passed on as they came (to the response's own
    // methods: app.inject's response has its own): what it sends is what is kept.
    const own = res as unknown as Record<'writeHead' | 'end', Passed>;
    const original = { writeHead: own.writeHead, end: own.end };
    own.writeHead = function writeHead(this: ServerResponse, ...args) {
      head = plainHeaders(args[0] as number, args[1]);
      return original.writeHead.apply(this, args);
    };
    own.end = function end(this: ServerResponse, ...args) {
      own.writeHead = original.writeHead;
      own.end = original.end;
      const out = original.end.apply(this, args);
      const body = typeof args[0] === 'string' || Buffer.isBuffer(args[0]) ? args[0] : undefined;
      if (
        head &&
        body !== undefined &&
        Buffer.byteLength(body) <= MAX_BODY_BYTES &&
        Object.is(capture.route.version(), capture.version)
      )
        keep(url, { ...capture, ...head, body: asSent(body) });
      return out;
    };
    done(null, payload);
  }

  /** Answers sent from the cache, answers kept. */
  function stats() {
    return { hits, entries: entries.size };
  }

  /** Sees every answer the cache sends (route template, status, seconds): the metrics. */
  function observe(fn: CacheObserver) {
    observer = fn;
  }

  return { serverFactory, genReqId, plugin, stats, observe };
}
type CacheObserver = (route: string, status: number, seconds: number) => void;
export type PublicCache = ReturnType<typeof createPublicCache>;

/**
 * Sets until when (Date.now() milliseconds) the answer being built stays right, for a route whose
 * publicCache says `expires` (e.g. the prices it quotes go stale then). Without it, not kept.
 */
export function publicCacheUntil(req: FastifyRequest, atMs: number) {
  const capture = captureStore.get(req.raw);
  if (capture) capture.until = Number.isNaN(capture.until) ? atMs : Math.min(capture.until, atMs);
}

/**
 * A body as the cache sends it. Node writes a string body with the header in one write, encoding
 * it each time; past a few KB that encoding costs more than a second buffer in the same write
 * (measured: /countries, 36 KB, 78 -> 38 us of server CPU a request; the 4.5 KB wallet list 23 -> 22).
 */
function asSent(body: string | Buffer): string | Buffer {
  return typeof body === 'string' && body.length > STRING_BODY_MAX ? Buffer.from(body) : body;
}

/** Fastify's writeHead headers as a plain object of strings; undefined when they hold a per-user part. */
function plainHeaders(status: number, headers: unknown) {
  if (!headers || typeof headers !== 'object' || Array.isArray(headers)) return undefined;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'set-cookie' || lower === 'vary' || typeof value !== 'string') return undefined;
    out[name] = value;
  }
  return { status, headers: out };
}

function toArray<T>(v: T | T[] | undefined): T[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}
