import { i18n, isLanguage } from '../../lib/i18n';
import { reloadUser } from '../../lib/preferences';
import { queryClient } from '../../lib/query-client';
import { session } from '../../lib/session';
import { readStorage, STORAGE_KEYS } from '../../lib/storage';

/**
 * Stores the new access token, then reads the profile (GET User) and, when the visitor never chose a
 * language on this device, switches to the profile's (DECISIONS §9). Queries cached as a guest are
 * refetched with the user's rights.
 */
export async function startSession(token: string): Promise<void> {
  session.setToken(token);
  void queryClient.invalidateQueries();
  try {
    const user = await reloadUser();
    if (!readStorage(STORAGE_KEYS.lang) && isLanguage(user.preferedLanguage)) {
      await i18n.changeLanguage(user.preferedLanguage);
    }
  } catch {
    // Signed in either way; the profile is read again on the next start.
  }
}

/** Forgets the session on this device and every cached answer that belonged to it. */
export function endSession(): void {
  session.clear();
  queryClient.clear();
}
