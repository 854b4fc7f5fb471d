import { Decimal, PRICES_STALE, PRICES_STALE_MESSAGE, type PriceSourceId, toPlain } from '@vaultline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { JobLeases } from '../../lib/job-lease';
import type { PriceSource } from './price-sources';
import {
  insertSnapshots,
  latestSnapshots,
  priceSeries,
  type SnapshotRow,
  snapshotsAsOf,
  thinSnapshots,
} from './prices.repository';

export interface Price {
  usd: Decimal;
  takenAt: Date;
}

export interface PriceServiceDeps {
  db: Db;
  source: PriceSource;
  /** Tickers to price (the enabled assets). */
  tickers: () => Promise<string[]>;
  refreshSeconds: number;
  maxAgeSeconds: number;
  log: FastifyBaseLogger;
  now?: () => Date;
  /**
   * With several instances: only the lease holder asks the price source and records snapshots; the
   * others read the newest snapshots from the database on the same timer (decision 0018).
   */
  leases?: JobLeases;
}

const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;
/** Snapshots younger than this keep every refresh; older ones one an hour (thinSnapshots). */
const FULL_RESOLUTION_MS = 2 * DAY_MS;
/** How long a follower waits at start for the leader's first prices (catchUp). */
const CATCH_UP_MS = 5000;

/** rate(L -> R) = usd(L) / usd(R): the one rate formula of the product, unrounded (DECISIONS §3). */
export function rateOf(leftUsd: Decimal, rightUsd: Decimal): Decimal {
  return leftUsd.div(rightUsd);
}

/** A pair's rate and USD prices as plain decimal strings. */
export interface Quote {
  rate: string;
  leftUsd: string;
  rightUsd: string;
}

const toMap = (rows: SnapshotRow[]) =>
  new Map(rows.map((r) => [r.asset, { usd: new Decimal(r.usd), takenAt: r.takenAt } satisfies Price]));

/**
 * Current prices in memory (refreshed on a timer, recorded as snapshots) so that reads cost no
 * database round trip; `version` changes on every refresh so callers can cache derived answers.
 */
export function createPriceService(deps: PriceServiceDeps) {
  const now = deps.now ?? (() => new Date());
  let current = new Map<string, Price>();
  let dayAgo = new Map<string, Price>();
  let version = 0;
  let lastThinned = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const rateText = new Map<string, string>();
  const quotes = new Map<string, Quote>();
  let rateTextVersion = -1;

  /** The memos of derived texts, emptied when the prices change. */
  function memos() {
    if (rateTextVersion !== version) {
      rateText.clear();
      quotes.clear();
      rateTextVersion = version;
    }
  }

  async function reloadReference() {
    dayAgo = toMap(await snapshotsAsOf(deps.db, deps.source.id, new Date(now().getTime() - DAY_MS)));
  }

  async function refresh(): Promise<void> {
    const tickers = await deps.tickers();
    const fetched = await deps.source.fetch(tickers);
    const at = now();
    const slotMs = deps.refreshSeconds * 1000;
    const slot = new Date(Math.floor(at.getTime() / slotMs) * slotMs);
    await insertSnapshots(
      deps.db,
      deps.source.id,
      slot,
      [...fetched].map(([asset, usd]) => ({ asset, usd: toPlain(usd) })),
    );
    const next = new Map(current);
    for (const [asset, usd] of fetched) next.set(asset, { usd, takenAt: at });
    current = next;
    await reloadReference();
    version++;
    if (at.getTime() - lastThinned >= HOUR_MS) {
      lastThinned = at.getTime();
      await thinSnapshots(deps.db, new Date(at.getTime() - FULL_RESOLUTION_MS));
    }
  }

  /** Another instance refreshes: take the snapshots it recorded that are newer than ours. */
  async function follow(): Promise<void> {
    const next = new Map(current);
    let changed = false;
    for (const [asset, p] of toMap(await latestSnapshots(deps.db, deps.source.id))) {
      const mine = current.get(asset);
      if (!mine || p.takenAt > mine.takenAt) {
        next.set(asset, p);
        changed = true;
      }
    }
    if (!changed) return;
    current = next;
    await reloadReference();
    version++;
  }

  /**
   * Refresh (or follow the instance that does), logging a failure: old prices stay and age.
   * Resolves true when this instance followed another.
   */
  async function safeRefresh(): Promise<boolean> {
    let followed = false;
    try {
      const mine = !deps.leases || (await deps.leases.take('price refresh', deps.refreshSeconds * 2000));
      followed = !mine;
      await (mine ? refresh() : follow());
    } catch (err) {
      deps.log.warn({ err, source: deps.source.id }, 'price refresh failed');
    }
    return followed;
  }

  const isFresh = (p: Price | undefined): p is Price =>
    p !== undefined && now().getTime() - p.takenAt.getTime() <= deps.maxAgeSeconds * 1000;

  /**
   * A follower started alongside the leader (a new database, or a fleet started together) finds no
   * fresh snapshot yet: it reads again for a moment, so it does not answer PRICES_STALE until its
   * first timer tick. Bounded, so a leader whose source is down delays start-up by 5 s at most.
   */
  async function catchUp() {
    const until = Date.now() + Math.min(deps.refreshSeconds * 2000, CATCH_UP_MS);
    // No asset list (database unreachable): nothing to wait for, the timer retries.
    const tickers = await deps.tickers().catch(() => []);
    while (!tickers.every((t) => isFresh(current.get(t))) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      await follow().catch((err) => deps.log.warn({ err }, 'price follow failed'));
    }
  }

  function price(ticker: string): Price | undefined {
    return current.get(ticker);
  }

  function fresh(ticker: string): Decimal {
    const p = current.get(ticker);
    if (!isFresh(p)) throw new AppError(503, PRICES_STALE, PRICES_STALE_MESSAGE);
    return p.usd;
  }

  return {
    get sourceId(): PriceSourceId {
      return deps.source.id;
    },
    get indicative() {
      return deps.source.indicative;
    },
    /** Changes whenever prices change. */
    get version() {
      return version;
    },
    refresh,
    /** Loads the last recorded prices, refreshes once, then every refreshSeconds. */
    async start() {
      current = toMap(await latestSnapshots(deps.db, deps.source.id));
      if (await safeRefresh()) await catchUp();
      if (version === 0)
        await reloadReference().catch((err) => deps.log.warn({ err }, 'price history unavailable'));
      version++;
      timer = setInterval(() => {
        running ??= safeRefresh().finally(() => {
          running = undefined;
        });
      }, deps.refreshSeconds * 1000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
    /** Last known price (display only; may be old). */
    price,
    /** When each asset's last known price was taken (metrics: price age). */
    takenAt: (): [string, Date][] => [...current].map(([asset, p]) => [asset, p.takenAt]),
    /** The price 24 h ago (or the oldest within 24 h). */
    priceDayAgo: (ticker: string) => dayAgo.get(ticker),
    /** USD price no older than PRICE_MAX_AGE_SECONDS, else 503 PRICES_STALE. */
    freshUsd: fresh,
    /** rate(L -> R) from prices no older than the maximum age (locks, quotes). */
    freshRate(left: string, right: string): Decimal {
      return rateOf(fresh(left), fresh(right));
    },
    /** freshRate as a plain decimal string, memoised until the next refresh (hot public read). */
    freshRateText(left: string, right: string): string {
      fresh(left);
      fresh(right);
      memos();
      const key = `${left}>${right}`;
      let text = rateText.get(key);
      if (text === undefined) {
        text = toPlain(rateOf(fresh(left), fresh(right)));
        rateText.set(key, text);
      }
      return text;
    },
    /**
     * What a price lock records: the rate and both USD prices as plain decimal strings, from prices
     * no older than the maximum age (else 503 PRICES_STALE); memoised until the next refresh.
     */
    freshQuote(left: string, right: string): Quote {
      const leftUsd = fresh(left);
      const rightUsd = fresh(right);
      memos();
      const key = `${left}>${right}`;
      let quote = quotes.get(key);
      if (quote === undefined) {
        quote = {
          rate: toPlain(rateOf(leftUsd, rightUsd)),
          leftUsd: toPlain(leftUsd),
          rightUsd: toPlain(rightUsd),
        };
        quotes.set(key, quote);
      }
      return quote;
    },
    /**
     * Until when (ms since the epoch, this service's clock) freshRate(left, right) answers: the
     * older price's time plus the maximum age; -Infinity when one is missing.
     */
    freshUntil(left: string, right: string): number {
      const l = current.get(left);
      const r = current.get(right);
      if (!l || !r) return Number.NEGATIVE_INFINITY;
      return Math.min(l.takenAt.getTime(), r.takenAt.getTime()) + deps.maxAgeSeconds * 1000;
    },
    /** rate(L -> R) from the last known prices, undefined when one is missing (display). */
    displayRate(left: string, right: string): Decimal | undefined {
      const l = price(left);
      const r = price(right);
      return l && r ? rateOf(l.usd, r.usd) : undefined;
    },
    async history(ticker: string, hours: number) {
      const since = new Date(now().getTime() - hours * 3600 * 1000);
      const bucket = Math.max(deps.refreshSeconds, Math.ceil((hours * 3600) / 300));
      return priceSeries(deps.db, deps.source.id, ticker, since, bucket);
    },
  };
}
export type PriceService = ReturnType<typeof createPriceService>;
