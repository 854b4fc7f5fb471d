import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { PageLoading } from '../page-loading';
import { Notifications } from './notifications';
import { PageErrorBoundary } from './page-error-boundary';

/**
 * The embeddable widget's shell (/widget, framed on partners' pages): no header, footer, chat or
 * skip link, only the page and the notification area its forms use.
 */
export function WidgetLayout() {
  const { t } = useTranslation();
  return (
    <div className="bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <main id="main" className="focus:outline-none">
        <PageErrorBoundary
          resetKey="widget"
          fallback={
            <p role="alert" className="px-4 py-8 text-center">
              {t('Errors.Unknown')}
            </p>
          }
        >
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Notifications />
    </div>
  );
}
