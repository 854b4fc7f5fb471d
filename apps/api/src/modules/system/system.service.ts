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

export function createSystemService({ db }: { db: Db }) {
  let countriesCache: Country[] | undefined;
  return {
    async countries(): Promise<Country[]> {
      countriesCache ??= (await listCountries(db)).map((c) => ({
        id: c.id,
        iso31661Alpha2Code: c.iso31661Alpha2Code,
        names: c.names,
      }));
      return countriesCache;
    },
    async publicSettings(): Promise<PublicSettings> {
      const s = await readSettings(db, Object.values(SETTING_KEYS));
      const get = (k: string) => s.get(k) ?? SETTING_DEFAULTS[k];
      return {
        minimumTransactionAmount:
          get(SETTING_KEYS.minimumTransactionAmount) ?? LIMITS.defaultMinTransactionUsd,
        chatWidgetKey: get(SETTING_KEYS.chatWidgetKey) || null,
        feeRate: get(SETTING_KEYS.feeRate) ?? '0',
      };
    },
    setSetting: (key: string, value: string) => writeSetting(db, key, value),
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
