import { useQueryClient } from '@tanstack/react-query';
import type { FeedSettings, PriceLock, PublicSettings } from '@vaultline/shared';
import { useEffect, useRef } from 'react';
import { useFeedHubInstance } from './use-feed-updates';

/**
 * Keeps the page's copies of the public settings current (DECISIONS §3: a new minimum is pushed live
 * when an admin changes it): the settings query and any open price lock's minimum and fee rate are
 * updated in place, so the preview and manual-deposit pages show the new minimum without a reload.
 * A premium lock's fee rate stays 0.
 */
export function useLiveSettings(enabled = true): void {
  const hub = useFeedHubInstance();
  const client = useQueryClient();
  const apply = useRef((s: FeedSettings) => {
    client.setQueryData<PublicSettings>(['settings'], (old) =>
      old ? { ...old, minimumTransactionAmount: s.minimumTransactionAmount, feeRate: s.feeRate } : old,
    );
    client.setQueriesData<PriceLock>({ queryKey: ['convert', 'lock'] }, (old) =>
      old
        ? {
            ...old,
            minimumAmountUsd: s.minimumTransactionAmount,
            feeRate: old.feeRate === '0' ? old.feeRate : s.feeRate,
          }
        : old,
    );
  });
  useEffect(() => {
    if (!enabled) return;
    return hub.subscribe({ watchIds: [], onUpdate: () => {}, onSettings: (s) => apply.current(s) });
  }, [hub, enabled]);
}
