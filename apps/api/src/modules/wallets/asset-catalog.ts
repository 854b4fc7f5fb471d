import type { Db } from '../../db/client';
import { type AssetRow, listEnabledAssets } from './wallets.repository';

/**
 * The enabled assets, kept in memory: every wallet, rate and conversion call needs them and they
 * change rarely. An edit (e.g. an admin setting a deposit address) calls invalidate(); other API
 * instances pick it up within ttlMs (the first call after that still gets the old list as it reloads).
 */
export function createAssetCatalog(db: Db, ttlMs = 10_000) {
  let cache:
    | { rows: AssetRow[]; byId: Map<string, AssetRow>; byTicker: Map<string, AssetRow>; at: number }
    | undefined;
  let version = 0;
  let loading: Promise<void> | undefined;

  async function load() {
    const rows = await listEnabledAssets(db);
    cache = {
      rows,
      byId: new Map(rows.map((r) => [r.id, r])),
      byTicker: new Map(rows.map((r) => [r.ticker.toUpperCase(), r])),
      at: Date.now(),
    };
    version++;
  }

  function reload(): Promise<void> {
    loading ??= load().finally(() => {
      loading = undefined;
    });
    return loading;
  }

  // Once loaded, a list past its time is still answered at once while it reloads in the background:
  // callers inside an open transaction (an admin's approval, a requote) must never wait for a query
  // outside it. On the embedded database, which has one connection, that wait was a deadlock that
  // stopped every later request. Only the first load, and the one after invalidate(), are awaited.
  async function get() {
    if (!cache) await reload();
    else if (Date.now() - cache.at > ttlMs)
      reload().catch(() => {
        // the stale list keeps serving; the next call tries again
      });
    if (!cache) throw new Error('asset catalogue not loaded');
    return cache;
  }

  return {
    /** Changes when the list is reloaded. */
    get version() {
      return version;
    },
    /**
     * The version while the list is loaded and within its time; undefined once it is past its time
     * or invalidated (the next read reloads it): an answer cached by version stays right only then.
     */
    freshVersion(): number | undefined {
      return cache && Date.now() - cache.at <= ttlMs ? version : undefined;
    },
    all: async () => (await get()).rows,
    byId: async (id: string) => (await get()).byId.get(id),
    byTicker: async (ticker: string) => (await get()).byTicker.get(ticker.toUpperCase()),
    invalidate() {
      cache = undefined;
    },
  };
}
export type AssetCatalog = ReturnType<typeof createAssetCatalog>;
