import { useTranslation } from 'react-i18next';
import { type Location, Outlet, ScrollRestoration } from 'react-router';
import { ChatWidget } from './layout/chat-widget';
import { Footer } from './layout/footer';
import { Header } from './layout/header';
import { Notifications, useClearNotificationsOnNavigation } from './layout/notifications';
import { useFocusMainOnNavigation } from './layout/use-focus-main-on-navigation';

/**
 * Every fresh page load has the location key "default", so keying by it would carry one page's
 * scroll position to another URL; fresh loads are keyed by path instead.
 */
const scrollKey = (location: Location) => (location.key === 'default' ? location.pathname : location.key);

/** spec-1 §2 Shell: header, routed content, footer, notification area. */
export function RootLayout() {
  const { t } = useTranslation();
  useClearNotificationsOnNavigation();
  useFocusMainOnNavigation('main');
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-indigo-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        {t('Common.SkipToContent')}
      </a>
      <Header />
      {/* At least a screen tall: the footer starts below the fold, so a page growing as its data
          arrives does not push a visible footer down (a layout shift). */}
      <main id="main" tabIndex={-1} className="min-h-svh flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <Notifications />
      <ChatWidget />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
