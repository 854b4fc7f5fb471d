import type { HistoryItem } from '@vaultline/shared';
import { useEffect, useState } from 'react';
import { STORAGE_KEYS } from '../../../lib/storage';
import { readLocalExchanges, subscribeLocalExchanges } from '../../exchange/lib/local-exchanges';

/** The guest exchanges this browser holds, kept current (this tab's writes and other tabs'). */
export function useLocalExchanges(): HistoryItem[] {
  const [items, setItems] = useState(readLocalExchanges);
  useEffect(() => {
    const reread = () => setItems(readLocalExchanges());
    const off = subscribeLocalExchanges(reread);
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === STORAGE_KEYS.anonymousTransactions) reread();
    };
    window.addEventListener('storage', onStorage);
    reread();
    return () => {
      off();
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  return items;
}
