import { Button } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';
import { pageCount, showingRange } from '../lib/history-view';

/** spec-1 §2: Previous and Next, the page count and "Showing x to y of z transactions". */
export function HistoryPagination({
  page,
  pageSize,
  shown,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  shown: number;
  total: number;
  onPage: (page: number) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  const pages = pageCount(total, pageSize);
  const range = showingRange(page, pageSize, shown, total);
  return (
    <nav
      aria-label={label ?? t('History.Pagination')}
      className="mt-4 flex flex-col items-center gap-3 sm:flex-row sm:justify-between"
    >
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="showing">
        {t('History.Showing', { ...range, count: range.total })}
      </p>
      <div className="flex items-center gap-3">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('History.Previous')}
        </Button>
        <span className="text-sm text-slate-700 dark:text-slate-200" data-testid="page-count">
          {t('History.PageOf', { page, pages })}
        </span>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('History.Next')}
        </Button>
      </div>
    </nav>
  );
}
