import { cn } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';
import { pageCount, pagerItems } from '../lib/pager';

interface Props {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
  /** What the pager pages through, for its accessible name. */
  label: string;
}

const cell =
  'inline-flex min-w-9 items-center justify-center rounded-lg px-2.5 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600';

/** spec-2 §9 pager: previous, the first 5 pages, the last, those next to the current one, next. */
export function Pager({ page, total, pageSize, onChange, label }: Props) {
  const { t } = useTranslation();
  const count = pageCount(total, pageSize);
  if (count <= 1) return null;
  const items = pagerItems(page, count);
  const idle =
    'text-slate-700 hover:bg-slate-100 disabled:opacity-40 disabled:hover:bg-transparent dark:text-slate-200 dark:hover:bg-slate-800';
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-1">
      <button
        type="button"
        className={cn(cell, idle)}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        aria-label={t('Admin.Pager.Previous')}
      >
        ‹
      </button>
      {items.map((it) =>
        it.kind === 'gap' ? (
          <span key={`gap-${it.after}`} aria-hidden="true" className="px-1 text-slate-500">
            …
          </span>
        ) : (
          <button
            key={it.page}
            type="button"
            aria-current={it.page === page ? 'page' : undefined}
            aria-label={t('Admin.Pager.Page', { page: it.page })}
            onClick={() => onChange(it.page)}
            className={cn(cell, it.page === page ? 'bg-indigo-600 text-white dark:bg-indigo-500' : idle)}
          >
            {it.page}
          </button>
        ),
      )}
      <button
        type="button"
        className={cn(cell, idle)}
        disabled={page >= count}
        onClick={() => onChange(page + 1)}
        aria-label={t('Admin.Pager.Next')}
      >
        ›
      </button>
      <span className="ml-2 text-sm text-slate-600 dark:text-slate-300">
        {t('Admin.Pager.Summary', { page, pages: count, total })}
      </span>
    </nav>
  );
}
