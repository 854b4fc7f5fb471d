import type { Db } from '../../db/client';
import { type AssetRow, listEnabledAssets } from './wallets.repository';

/**
 * The enabled assets, kept in memory: every wallet, rate and conversion call needs them and they
 * change rarely. An edit (e.g. an admin setting a deposit address) calls invalidate(); other API
 * instances pick it up within ttlMs.
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

  async function get() {
    if (!cache || Date.now() - cache.at > ttlMs) {
      loading ??= load().finally(() => {
        loading = undefined;
      });
      await loading;
    }
    if (!cache) throw new Error('asset catalogue not loaded');
    return cache;
  }

  return {
    /** Changes when the list is reloaded. */
    get version() {
      return version;
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
