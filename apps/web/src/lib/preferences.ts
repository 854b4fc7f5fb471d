import { CURRENCIES, type CurrencyId, DEFAULT_CURRENCY, type LanguageId, type User } from '@vaultline/shared';
import { useSyncExternalStore } from 'react';
import { api } from './api-client';
import { setLanguage } from './i18n';
import { queryClient } from './query-client';
import { isAuthenticated, session } from './session';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export function isCurrency(v: unknown): v is CurrencyId {
  return typeof v === 'string' && (CURRENCIES as readonly string[]).includes(v);
}

/**
 * The display currency. Signed in, the server converts to the profile's currency, so that one is
 * shown; otherwise the stored choice (sent as the x-currency header), else USD.
 */
export function currentCurrency(): CurrencyId {
  const s = session.get();
  if (isAuthenticated(s) && s.user && isCurrency(s.user.preferedCurrency)) return s.user.preferedCurrency;
  const stored = readStorage(STORAGE_KEYS.currency);
  return isCurrency(stored) ? stored : DEFAULT_CURRENCY;
}

const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};
session.subscribe(emit);

export function useCurrency(): CurrencyId {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    currentCurrency,
    () => DEFAULT_CURRENCY,
  );
}

/** GET User and keep it (spec-1 §7: language and currency changes re-read the profile). */
export async function reloadUser(): Promise<User> {
  const user = await api.get<User>('User');
  session.setUser(user);
  return user;
}

/**
 * Footer language selector. Signed in: POST User/language?lang= then GET User; always stored locally
 * under `lang`. Throws on a failed call (the selector shows its error state).
 */
export async function changeLanguage(lang: LanguageId): Promise<void> {
  if (isAuthenticated()) {
    await api.post('User/language', undefined, { query: { lang } });
    await reloadUser();
  }
  await setLanguage(lang);
}

/**
 * Footer currency selector. Signed in: POST User/currency?currency= then GET User; always stored under
 * `currency`. Every query is invalidated so amounts reload in the new currency.
 */
export async function changeCurrency(currency: CurrencyId): Promise<void> {
  if (isAuthenticated()) {
    await api.post('User/currency', undefined, { query: { currency } });
    await reloadUser();
  }
  writeStorage(STORAGE_KEYS.currency, currency);
  emit();
  await queryClient.invalidateQueries();
}
