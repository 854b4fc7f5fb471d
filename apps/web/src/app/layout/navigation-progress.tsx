import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/i18n';
import { pageLoads } from '../page-loads';

/** A page load shorter than this shows nothing (no flash on a fast connection). */
export const PROGRESS_DELAY_MS = 150;

/** True while the next page's code has been loading for PROGRESS_DELAY_MS or more. */
function usePageLoading(): boolean {
  const pending = useSyncExternalStore(pageLoads.subscribe, pageLoads.pending, () => false);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!pending) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  return pending && shown;
}

/**
 * A thin bar along the top of the window while a navigation waits for the next page's code: the
 * page being left stays on screen meanwhile (navigations are transitions), and this says that the
 * click was taken. Its own component, so the shell around it does not render again.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  if (!usePageLoading()) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('Common.Loading')}
      className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-indigo-600 dark:bg-indigo-400"
    />
  );
}
