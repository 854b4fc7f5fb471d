import { useQueryClient } from '@tanstack/react-query';
import type { PublicExchange } from '@vaultline/shared';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { Button, Card, LinkButton, Page, PageHeader, Spinner } from '../../components/ui';
import { exchangeQueryKey, useExchange } from '../../features/exchange/api/manual-deposit-api';
import { TrackingView } from '../../features/exchange/components/tracking-view';
import { applyFeedUpdate } from '../../features/exchange/lib/apply-feed-update';
import { rememberExchange } from '../../features/exchange/lib/manual-deposit-store';
import { useFeedUpdates } from '../../features/feed';
import { ApiRequestError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';

/** An unknown id, or one that is not an exchange id at all (the server refuses it as invalid). */
const isNotFound = (err: unknown) =>
  err instanceof ApiRequestError && (err.status === 404 || (err.status === 400 && err.code === 'VALIDATION'));

/**
 * /buy-sell/exchange/{id}: the private tracking page the status e-mails link to. Holding the link
 * is the key (DECISIONS §4), so opening it keeps the exchange in this browser's list. Status changes
 * arrive live (the feed watches this id); the server's view is also read again every 60 s
 * (spec-1 §9), after each live change, and on demand.
 */
export default function ExchangeTrackingPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const q = useExchange(id);
  const qc = useQueryClient();
  const { state: feedState } = useFeedUpdates({
    watchIds: q.data ? [q.data.id] : [],
    enabled: Boolean(q.data),
    onUpdate: (u) => {
      if (u.id !== q.data?.id) return;
      qc.setQueryData<PublicExchange>(exchangeQueryKey(id), (old) => applyFeedUpdate(old, u));
      // The update carries the progress only; the full view (amounts, addresses) is read again.
      void q.refetch();
    },
  });

  useEffect(() => {
    if (!q.data) return;
    // spec-1 §4: a move to success or failed raises "Transaction status changed to: {text}".
    for (const m of rememberExchange(q.data)) {
      if (!m.notify) continue;
      notify({
        title: t('Tracking.StatusChanged', {
          status: t(m.notify === 'success' ? 'Exchange.Status.Success' : 'Exchange.Status.Failed'),
        }),
        severity: m.notify === 'success' ? 'Success' : 'Error',
      });
    }
  }, [q.data, t]);

  return (
    <Page className="max-w-4xl">
      <PageHeader title={t('Tracking.Title')} description={t('Tracking.Description')} />
      {q.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label={t('Tracking.Loading')} className="[&>span:first-child]:size-8" />
        </div>
      ) : q.isError ? (
        <Card className="space-y-4 p-6 text-center">
          <h2 className="text-xl font-semibold text-slate-900 dark:text-white">
            {isNotFound(q.error) ? t('Tracking.NotFoundTitle') : t('Tracking.LoadErrorTitle')}
          </h2>
          <p role="alert" className="text-slate-700 dark:text-slate-300">
            {isNotFound(q.error) ? t('Tracking.NotFound') : t('Tracking.LoadError')}
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            {isNotFound(q.error) ? null : (
              <Button variant="secondary" onClick={() => void q.refetch()}>
                {t('Tracking.Retry')}
              </Button>
            )}
            <LinkButton to="/buy-sell">{t('Tracking.NewExchange')}</LinkButton>
          </div>
        </Card>
      ) : (
        <TrackingView
          exchange={q.data}
          refreshing={q.isFetching}
          onRefresh={() => void q.refetch()}
          feedState={feedState}
        />
      )}
    </Page>
  );
}
