import type { Country, Partner, PublicSettings } from '@vaultline/shared';
import { LIMITS, partnersSchema } from '@vaultline/shared';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { listCountries, readSettingForUpdate, readSettings, writeSetting } from './system.repository';

export const SETTING_KEYS = {
  minimumTransactionAmount: 'minimum_transaction_amount_usd',
  chatWidgetKey: 'chat_widget_key',
  feeRate: 'fee_rate',
  /** JSON list of {name, url?}; absent or empty: no partner strip (nobody is named by default). */
  partners: 'partners',
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

/**
 * The stored partner list, or none when absent or not valid: a bad row hides the strip instead of
 * failing the settings every conversion reads. Writes go through setPartners, which validates.
 */
export function parsePartners(value: string | undefined): Partner[] {
  if (!value) return [];
  try {
    const parsed = partnersSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The settings stored in the database (the public ones also carry configuration values). */
export type StoredSettings = Omit<PublicSettings, 'lockTtlSeconds'>;

export function createSystemService({ db }: { db: Db }) {
  let countriesCache: Country[] | undefined;
  let settingsCache: { at: number; value: Promise<StoredSettings> } | undefined;

  async function loadSettings(on: DbOrTx = db): Promise<StoredSettings> {
    const s = await readSettings(on, Object.values(SETTING_KEYS));
    const get = (k: string) => s.get(k) ?? SETTING_DEFAULTS[k];
    return {
      minimumTransactionAmount: get(SETTING_KEYS.minimumTransactionAmount) ?? LIMITS.defaultMinTransactionUsd,
      chatWidgetKey: get(SETTING_KEYS.chatWidgetKey) || null,
      feeRate: get(SETTING_KEYS.feeRate) ?? '0',
      partners: parsePartners(s.get(SETTING_KEYS.partners)),
    };
  }

  async function setSetting(key: string, value: string) {
    await writeSetting(db, key, value);
    settingsCache = undefined;
  }

  return {
    /** One round trip to the database (readiness). */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
    async countries(): Promise<Country[]> {
      countriesCache ??= (await listCountries(db)).map((c) => ({
        id: c.id,
        iso31661Alpha2Code: c.iso31661Alpha2Code,
        names: c.names,
      }));
      return countriesCache;
    },
    /**
     * The settings (cached for SETTINGS_CACHE_MS). A caller inside a transaction passes it: on the
     * embedded database, with one connection, a read outside it would wait for it forever.
     */
    publicSettings(on?: DbOrTx): Promise<StoredSettings> {
      const now = Date.now();
      if (!settingsCache || now - settingsCache.at > SETTINGS_CACHE_MS) {
        const value = loadSettings(on);
        settingsCache = { at: now, value };
        // A failed read is not cached.
        value.catch(() => {
          if (settingsCache?.value === value) settingsCache = undefined;
        });
      }
      return settingsCache.value;
    },
    /**
     * The settings snapshot publicSettings() answers with now, while it is within its time;
     * undefined when the next call reloads them (answers cached by it stay right only until then).
     */
    settingsVersion(): object | undefined {
      return settingsCache && Date.now() - settingsCache.at <= SETTINGS_CACHE_MS
        ? settingsCache.value
        : undefined;
    },
    setSetting,
    /**
     * Writes a setting in one transaction with `alsoInTx` (the back office's audit row), which is
     * given the value before (stored, else the default); the cache is dropped once it committed.
     */
    async updateSetting(
      key: string,
      value: string,
      alsoInTx: (tx: DbOrTx, before: string | null) => Promise<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const before = (await readSettingForUpdate(tx, key)) ?? SETTING_DEFAULTS[key] ?? null;
        await writeSetting(tx, key, value);
        await alsoInTx(tx, before);
      });
      settingsCache = undefined;
    },
    /** Replaces the partner list (validated; throws a ZodError on a bad entry). Empty hides the strip. */
    async setPartners(list: readonly Partner[]): Promise<Partner[]> {
      const partners = partnersSchema.parse(list);
      await setSetting(SETTING_KEYS.partners, JSON.stringify(partners));
      return partners;
    },
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
