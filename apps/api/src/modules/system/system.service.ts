import type { Country, PublicSettings } from '@vaultline/shared';
import { LIMITS } from '@vaultline/shared';
import type { Db } from '../../db/client';
import { listCountries, readSettings, writeSetting } from './system.repository';

export const SETTING_KEYS = {
  minimumTransactionAmount: 'minimum_transaction_amount_usd',
  chatWidgetKey: 'chat_widget_key',
  feeRate: 'fee_rate',
} as const;

export const SETTING_DEFAULTS: Record<string, string> = {
  [SETTING_KEYS.minimumTransactionAmount]: LIMITS.defaultMinTransactionUsd,
  [SETTING_KEYS.feeRate]: '0.005',
};

/**
 * Settings are read on every lock and convert; a short cache saves that query. A change made through
 * this instance applies at once; one made through another instance within SETTINGS_CACHE_MS.
 */
const SETTINGS_CACHE_MS = 2000;

export function createSystemService({ db }: { db: Db }) {
  let countriesCache: Country[] | undefined;
  let settingsCache: { at: number; value: Promise<PublicSettings> } | undefined;

  async function loadSettings(): Promise<PublicSettings> {
    const s = await readSettings(db, Object.values(SETTING_KEYS));
    const get = (k: string) => s.get(k) ?? SETTING_DEFAULTS[k];
    return {
      minimumTransactionAmount: get(SETTING_KEYS.minimumTransactionAmount) ?? LIMITS.defaultMinTransactionUsd,
      chatWidgetKey: get(SETTING_KEYS.chatWidgetKey) || null,
      feeRate: get(SETTING_KEYS.feeRate) ?? '0',
    };
  }

  return {
    async countries(): Promise<Country[]> {
      countriesCache ??= (await listCountries(db)).map((c) => ({
        id: c.id,
        iso31661Alpha2Code: c.iso31661Alpha2Code,
        names: c.names,
      }));
      return countriesCache;
    },
    publicSettings(): Promise<PublicSettings> {
      const now = Date.now();
      if (!settingsCache || now - settingsCache.at > SETTINGS_CACHE_MS) {
        const value = loadSettings();
        settingsCache = { at: now, value };
        // A failed read is not cached.
        value.catch(() => {
          if (settingsCache?.value === value) settingsCache = undefined;
        });
      }
      return settingsCache.value;
    },
    async setSetting(key: string, value: string) {
      await writeSetting(db, key, value);
      settingsCache = undefined;
    },
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
