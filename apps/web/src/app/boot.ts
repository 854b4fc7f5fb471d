import { refreshSession } from '../lib/api-client';
import { initI18n } from '../lib/i18n';
import { reloadUser } from '../lib/preferences';
import { isAuthenticated, session } from '../lib/session';
import { initTheme } from '../lib/theme';

/**
 * Before the guards run: an expired stored token gets one refresh attempt (the httpOnly refresh
 * cookie may still be valid); a signed-in user's profile is re-read (GET User); then the language is
 * chosen (stored, else the profile's, else the browser's, else en-us) and its texts loaded.
 */
export async function boot(): Promise<void> {
  initTheme();
  const s = session.get();
  if (s.token && !isAuthenticated(s)) {
    if (!(await refreshSession())) session.clear();
  }
  let profileLanguage: string | null = session.get().user?.preferedLanguage ?? null;
  if (isAuthenticated()) {
    try {
      profileLanguage = (await reloadUser()).preferedLanguage;
    } catch {
      // Offline or a refused token: api-client already cleared a dead session; keep the cached user.
    }
  }
  await initI18n(profileLanguage);
}

let booting: Promise<void> | undefined;
/** One boot per page load, whatever React does with effects. */
export const bootOnce = () => {
  booting ??= boot();
  return booting;
};
