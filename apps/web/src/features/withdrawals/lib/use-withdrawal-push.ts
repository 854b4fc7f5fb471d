import { useQueryClient } from '@tanstack/react-query';
import type { Withdrawal } from '@vaultline/shared';
import { useEffect, useRef } from 'react';
import { useFeedHubInstance } from '../../feed/use-feed-updates';
import { withdrawalKeys } from '../api/withdrawals-api';

/**
 * The `withdrawal` push (the user's room): each change of one of the user's withdrawals updates the
 * copy on screen in place (status, confirmations, hash) and refreshes the wallets and the lists.
 */
export function useWithdrawalPush(enabled = true): void {
  const hub = useFeedHubInstance();
  const qc = useQueryClient();
  const apply = useRef((w: Withdrawal) => {
    qc.setQueryData(withdrawalKeys.one(w.id), w);
    void qc.invalidateQueries({ queryKey: withdrawalKeys.list });
    void qc.invalidateQueries({ queryKey: ['wallets'] });
  });
  useEffect(() => {
    if (!enabled) return;
    return hub.subscribe({ watchIds: [], onUpdate: () => {}, onWithdrawal: (w) => apply.current(w) });
  }, [hub, enabled]);
}
