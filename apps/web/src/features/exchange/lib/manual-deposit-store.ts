import { exchangeToHistoryItem, type PublicExchange } from '@vaultline/shared';
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import { localExchangeIds, mergeLocalExchanges, saveLocalExchange } from './local-exchanges';

/**
 * Keeps a guest exchange in this browser's list (spec-1 §3 anonymousTransactions): a new one is
 * added, a known one merged with the rule that never moves a status backwards. Returns the records
 * whose status moved (for a notification).
 */
export function rememberExchange(e: PublicExchange) {
  const item = exchangeToHistoryItem(e);
  if (localExchangeIds().includes(e.id)) return mergeLocalExchanges([item]);
  saveLocalExchange(item);
  return [];
}

/** spec-1 §3: the widget's chosen assets are removed once an exchange is created. */
export function forgetChosenAssets(): void {
  writeStorage(STORAGE_KEYS.sourceAsset, null);
  writeStorage(STORAGE_KEYS.destinationAsset, null);
}
