import { useEffect, useState } from 'react';
import { Button, Card, LinkButton, Page, PageHeader, Spinner } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';
import { FeedStatus } from '../../feed';
import { HISTORY_PAGE_SIZE } from '../api/history-api';
import { useHistory } from '../hooks/use-history';
import { pageCount, pageOf } from '../lib/history-view';
import { HistoryList } from './history-list';

/**
 * /buy-sell/history (spec-1 §2): title, refresh, export, live state, spinner, empty state and the
 * cards, one open at a time (a page change closes it). Mounted once per viewer (key = user id).
 */
export function HistoryScreen({
  userId,
  titleKey = 'Pages.History.Title',
  descriptionKey = 'Pages.History.Description',
}: {
  userId: string | null;
  /** The page's heading (the same list is /buy-sell/history and /transactions). */
  titleKey?: string;
  descriptionKey?: string;
}) {
  const { t } = useTranslation();
  const h = useHistory(userId);
  const [openId, setOpenId] = useState<string | null>(null);
  const [localPage, setLocalPage] = useState(1);
  const toggle = (id: string) => setOpenId((cur) => (cur === id ? null : id));

  const localList = h.signedIn ? h.extraLocal : h.local;
  const lp = Math.min(localPage, pageCount(localList.length, HISTORY_PAGE_SIZE));
  const localRows = pageOf(localList, lp, HISTORY_PAGE_SIZE);
  const goLocal = (p: number) => {
    setOpenId(null);
    setLocalPage(p);
  };

  const { query, page, setPage } = h.user;
  const data = query.data;
  const goUser = (p: number) => {
    setOpenId(null);
    setPage(p, data);
  };
  // Fewer transactions than before (another tab, an admin): stay on a page that exists.
  useEffect(() => {
    if (data && page > pageCount(data.total, HISTORY_PAGE_SIZE))
      setPage(pageCount(data.total, HISTORY_PAGE_SIZE));
  }, [data, page, setPage]);

  const main = h.signedIn
    ? { rows: data?.items ?? [], total: data?.total ?? 0, page, onPage: goUser }
    : { rows: localRows, total: localList.length, page: lp, onPage: goLocal };
  const loaded = h.signedIn ? data !== undefined : !h.loading;
  const empty = loaded && main.total === 0;
  const failed = h.signedIn && query.isError && data === undefined;

  return (
    <Page>
      <PageHeader
        title={t(titleKey)}
        description={t(descriptionKey)}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            {h.feedEnabled ? <FeedStatus state={h.feedState} /> : null}
            <Button
              variant="secondary"
              onClick={() => void h.refresh()}
              disabled={h.refreshing}
              aria-busy={h.refreshing}
            >
              {h.refreshing ? t('History.Refreshing') : t('History.Refresh')}
            </Button>
            <Button variant="secondary" onClick={() => void h.exportCsv()} disabled={main.total === 0}>
              {t('History.Export')}
            </Button>
          </div>
        }
      />

      {h.loading && main.rows.length === 0 ? (
        <div className="flex justify-center py-12">
          <Spinner label={t('History.Loading')} />
        </div>
      ) : null}

      {failed ? (
        <p className="py-6 text-center text-slate-700 dark:text-slate-300">{t('History.LoadFailed')}</p>
      ) : null}

      {empty ? (
        <Card className="text-center">
          <p className="font-medium text-slate-900 dark:text-white">{t('History.Empty')}</p>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t('History.EmptyHint')}</p>
          <LinkButton to="/buy-sell" className="mt-4">
            {t('History.EmptyLink')}
          </LinkButton>
        </Card>
      ) : null}

      {main.rows.length > 0 ? (
        <HistoryList
          rows={main.rows}
          page={main.page}
          pageSize={HISTORY_PAGE_SIZE}
          total={main.total}
          onPage={main.onPage}
          openId={openId}
          onToggle={toggle}
          onConfirmed={h.confirmed}
        />
      ) : null}

      {h.signedIn && localRows.length > 0 ? (
        <section className="mt-10" aria-labelledby="history-guest-title">
          <h2 id="history-guest-title" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('History.GuestSection')}
          </h2>
          <p className="mb-4 mt-1 text-sm text-slate-600 dark:text-slate-300">
            {t('History.GuestSectionHint')}
          </p>
          <HistoryList
            rows={localRows}
            page={lp}
            pageSize={HISTORY_PAGE_SIZE}
            total={localList.length}
            onPage={goLocal}
            openId={openId}
            onToggle={toggle}
            onConfirmed={h.confirmed}
            label={t('History.GuestSection')}
          />
        </section>
      ) : null}
    </Page>
  );
}
