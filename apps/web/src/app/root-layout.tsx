import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from '../lib/i18n';
import { stepUpWanted, twoFactorRequired } from '../lib/step-up';
import { ChatWidget } from './layout/chat-widget';
import { Footer } from './layout/footer';
import { Header } from './layout/header';
import { NavigationProgress } from './layout/navigation-progress';
import { Notifications, useClearNotificationsOnNavigation } from './layout/notifications';
import { PageErrorBoundary } from './layout/page-error-boundary';
import { useFocusMainOnNavigation } from './layout/use-focus-main-on-navigation';
import { type ScrollMemory, useScrollMemory, useScrollRestore } from './layout/use-scroll-restoration';
import { PageLoading } from './page-loading';

/** Inside the pages' Suspense boundary: restores the scroll once the new page is in the DOM. */
function ScrollRestorer({ memory }: { memory: ScrollMemory }) {
  useScrollRestore(memory);
  return null;
}

const StepUpDialog = lazy(() =>
  import('../features/security/components/step-up-dialog').then((m) => ({ default: m.StepUpDialog })),
);

/**
 * The step-up dialog (issue 30), loaded the first time a protected action asks for a second factor
 * or an action is refused for want of one: no page carries its code on first load.
 */
function StepUpHost() {
  const wanted = useSyncExternalStore(stepUpWanted.subscribe, stepUpWanted.get);
  const notice = useSyncExternalStore(twoFactorRequired.subscribe, twoFactorRequired.get);
  if (!wanted && notice?.action !== true) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog />
    </Suspense>
  );
}

/** spec-1 §2 Shell: header, routed content, footer, notification area. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useClearNotificationsOnNavigation();
  useFocusMainOnNavigation('main');
  const scroll = useScrollMemory();
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-indigo-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        {t('Common.SkipToContent')}
      </a>
      <NavigationProgress />
      <Header />
      {/* At least a screen tall: the footer starts below the fold, so a page growing as its data
          arrives does not push a visible footer down (a layout shift). */}
      <main id="main" tabIndex={-1} className="min-h-svh flex-1 focus:outline-none">
        <PageErrorBoundary
          resetKey={pathname}
          fallback={
            <p role="alert" className="px-4 py-16 text-center">
              {t('Errors.Unknown')}
            </p>
          }
        >
          {/* The spinner while a page's code loads on a fresh load; navigations are transitions, so
              the page being left stays on screen until the next one is ready. */}
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <ScrollRestorer memory={scroll} />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
      <Notifications />
      <StepUpHost />
      <ChatWidget />
    </div>
  );
}
