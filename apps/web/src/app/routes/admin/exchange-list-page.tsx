import { useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '../../../components/ui/page';
import type { ExchangeList } from '../../../features/admin/api/exchanges';
import { adminKeys } from '../../../features/admin/api/keys';
import { ExchangeListView } from '../../../features/admin/components/exchange-list-view';
import { usePageParam } from '../../../features/admin/lib/use-page-param';
import { FeedStatus, useFeedUpdates } from '../../../features/feed';
import { useTranslation } from '../../../lib/i18n';

const TITLE: Record<ExchangeList, string> = {
  pending: 'PendingTransactions',
  approved: 'ApprovedTransactions',
  rejected: 'RejectedTransactions',
};

/**
 * The three exchange lists of spec-2 §2. Admins hear every status change on the live feed
 * (DECISIONS §6), so a change made anywhere refreshes the lists; the page number is kept in ?page=.
 */
export function ExchangeListPage({ list }: { list: ExchangeList }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { page, cursor, onPage } = usePageParam();
  const { state } = useFeedUpdates({
    onUpdate: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.exchanges });
      void qc.invalidateQueries({ queryKey: adminKeys.stats });
    },
  });
  return (
    <>
      <PageHeader
        title={t(`Admin.Pages.${TITLE[list]}.Title`)}
        description={t(`Admin.Pages.${TITLE[list]}.Description`)}
        actions={<FeedStatus state={state} />}
      />
      <ExchangeListView list={list} page={page} cursor={cursor} onPage={onPage} />
    </>
  );
}
