import type { AuditAction } from '@vaultline/shared';
import type { AuditTrail } from '../audit/audit.service';
import type { FeedService } from '../feed/feed.service';
import { SETTING_KEYS, type SystemService } from '../system/system.service';

export interface AdminSettingsDeps {
  system: Pick<SystemService, 'publicSettings' | 'updateSetting'>;
  audit: AuditTrail;
  feed: Pick<FeedService, 'publishSettings'>;
}

/**
 * The server-side settings an admin changes (DECISIONS §3, §8): minimum transaction amount (USD),
 * chat widget key and conversion fee. Values arrive validated by the shared schemas. A change is
 * written with its audit row in one transaction; a new minimum or fee is then pushed to every open
 * page (decision 0019).
 */
export function createAdminSettingsService({ system, audit, feed }: AdminSettingsDeps) {
  async function change(actorId: string, action: AuditAction, key: string, value: string) {
    await system.updateSetting(key, value, async (tx, before) => {
      if (before === value) return;
      await audit.record(tx, {
        actorId,
        action,
        targetType: 'setting',
        targetId: key,
        before: { value: before },
        after: { value },
      });
    });
  }

  async function pushLive() {
    const s = await system.publicSettings();
    feed.publishSettings({
      minimumTransactionAmount: s.minimumTransactionAmount,
      feeRate: s.feeRate,
      updatedAt: new Date().toISOString(),
    });
  }

  return {
    minimumTransactionAmount: async () => (await system.publicSettings()).minimumTransactionAmount,
    async setMinimumTransactionAmount(actorId: string, amount: string): Promise<string> {
      await change(
        actorId,
        'setting.minimumTransactionAmount',
        SETTING_KEYS.minimumTransactionAmount,
        amount,
      );
      await pushLive();
      return amount;
    },

    chatWidgetKey: async () => (await system.publicSettings()).chatWidgetKey,
    async setChatWidgetKey(actorId: string, key: string): Promise<string> {
      await change(actorId, 'setting.chatWidgetKey', SETTING_KEYS.chatWidgetKey, key);
      return key;
    },

    feeRate: async () => (await system.publicSettings()).feeRate,
    async setFeeRate(actorId: string, feeRate: string): Promise<string> {
      await change(actorId, 'setting.feeRate', SETTING_KEYS.feeRate, feeRate);
      await pushLive();
      return feeRate;
    },
  };
}
export type AdminSettingsService = ReturnType<typeof createAdminSettingsService>;
