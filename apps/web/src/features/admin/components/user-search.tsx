import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';
import { useSearchUsers } from '../api/users';
import { notifyFailure, withReason } from '../lib/errors';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../lib/use-debounced-value';
import { EmptyBlock, ErrorBlock, LoadingBlock } from './admin-ui';
import { UserStatusBadge } from './user-status-badge';

interface Props {
  /** The search to start with (kept in the address so Back returns to the same results). */
  initial: string;
  /** Called with each search actually sent. */
  onSearch?: (query: string) => void;
}

/**
 * spec-2 §2 Search user: the search fires 1.5 s after the last keystroke; the box turns grey while
 * typing. Results show name, id and e-mail and open the user page.
 */
export function UserSearch({ initial, onSearch }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(initial);
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const query = debounced.value;
  const results = useSearchUsers(query);

  // Only a new search is reported (the callback's identity may change on every navigation).
  const report = useRef(onSearch);
  report.current = onSearch;
  useEffect(() => {
    report.current?.(query);
  }, [query]);
  useEffect(() => {
    if (results.isError) notifyFailure(t('Admin.Common.Error'), t('Admin.Search.LoadError'), results.error);
  }, [results.isError, results.error, t]);

  return (
    <div>
      <label htmlFor={`${id}-q`} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {t('Admin.Search.Label')}
      </label>
      <input
        id={`${id}-q`}
        type="search"
        value={text}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        placeholder={t('Admin.Search.Placeholder')}
        data-waiting={debounced.waiting || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => setText(e.target.value)}
        className={cn(
          'mt-1 block w-full rounded-lg border px-3 py-2 text-slate-900 transition-colors sm:max-w-lg dark:text-slate-100',
          debounced.waiting
            ? 'border-slate-500 bg-slate-200 dark:border-slate-500 dark:bg-slate-700'
            : 'border-slate-500 bg-white dark:border-slate-500 dark:bg-slate-800',
        )}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {debounced.waiting ? t('Admin.Search.Typing') : t('Admin.Search.Hint')}
      </p>
      <div className="mt-6" aria-live="polite">
        {!query ? null : results.isPending ? (
          <LoadingBlock label={t('Admin.Search.Searching')} />
        ) : results.isError ? (
          <ErrorBlock
            message={withReason(t('Admin.Search.LoadError'), results.error)}
            onRetry={() => void results.refetch()}
          />
        ) : results.data.length === 0 ? (
          <EmptyBlock>{t('Admin.Search.NoneFound', { query })}</EmptyBlock>
        ) : (
          <ul aria-label={t('Admin.Search.Results')} className="space-y-2">
            {results.data.map((u) => (
              <li key={u.id}>
                <Link
                  to={`/admin/user/${u.id}`}
                  data-testid="search-result"
                  className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-indigo-400 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-indigo-500"
                >
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900 dark:text-white">
                      {`${u.firstName} ${u.lastName}`.trim() || u.email}
                    </span>
                    <span className="block text-sm break-all text-slate-600 dark:text-slate-300">
                      {u.email}
                    </span>
                    <span className="block font-mono text-xs break-all text-slate-500 dark:text-slate-400">
                      {u.id}
                    </span>
                  </span>
                  <UserStatusBadge status={u.status} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
