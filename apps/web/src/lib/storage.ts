/** Browser-storage keys named by spec-1 §3. One place, so nothing else spells them. */
export const STORAGE_KEYS = {
  accessToken: 'accesstoken',
  user: 'user',
  lang: 'lang',
  currency: 'currency',
  dark: 'dark',
  chatKey: 'tidioKey',
  anonymousTransactions: 'anonymousTransactions',
  sourceAsset: 'sourceAsset',
  destinationAsset: 'destinationAsset',
  guestIdentifier: 'guestIdentifier',
  minTransactionAmount: 'minTransactionAmount',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readStorage(key: StorageKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage full or disabled: the app keeps working for this page view
  }
}

export function readJson<T>(key: StorageKey): T | null {
  const raw = readStorage(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
