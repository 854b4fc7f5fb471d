import type { ReactNode } from 'react';
import { Button } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { type PartnerDelivery, useDeliveries, useReplayDelivery } from '../api/deliveries';
import { notifyFailure, notifySuccess, withReason } from '../lib/notify';
import { Badge, ButtonSpinner, Empty, LoadError, Loading, type Tone } from './ui';

const statusTone: Record<PartnerDelivery['status'], Tone> = {
  pending: 'warning',
  delivered: 'success',
  failed: 'danger',
};

/** The delivery log, newest first, a page at a time; each delivery can be sent again. */
export function DeliveryLog() {
  const { t } = useTranslation();
  const log = useDeliveries();
  const replay = useReplayDelivery();

  if (log.isPending) return <Loading />;
  if (log.isError)
    return (
      <LoadError
        message={withReason(t('Partner.Deliveries.LoadError'), log.error)}
        onRetry={() => void log.refetch()}
      />
    );
  const items = log.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <Empty>{t('Partner.Deliveries.Empty')}</Empty>;

  return (
    <div>
      <div className="mb-3 flex justify-end">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void log.refetch()}
          disabled={log.isRefetching}
          aria-busy={log.isRefetching || undefined}
        >
          {log.isRefetching ? <ButtonSpinner label={t('Partner.Common.Loading')} /> : null}
          {t('Partner.Common.Refresh')}
        </Button>
      </div>
      <ul className="space-y-3">
        {items.map((d) => (
          <DeliveryItem
            key={d.id}
            d={d}
            replaying={replay.isPending && replay.variables === d.id}
            onReplay={() =>
              replay.mutate(d.id, {
                onSuccess: () => notifySuccess(t('Partner.Deliveries.Replayed')),
                onError: (err) =>
                  notifyFailure(t('Partner.Common.Error'), t('Partner.Deliveries.ReplayError'), err),
              })
            }
          />
        ))}
      </ul>
      {log.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void log.fetchNextPage()}
            disabled={log.isFetchingNextPage}
            aria-busy={log.isFetchingNextPage || undefined}
          >
            {log.isFetchingNextPage ? <ButtonSpinner label={t('Partner.Common.Loading')} /> : null}
            {t('Partner.Deliveries.More')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function DeliveryItem({
  d,
  replaying,
  onReplay,
}: {
  d: PartnerDelivery;
  replaying: boolean;
  onReplay: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <li
      data-testid="delivery-row"
      className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="font-mono font-medium text-slate-900 dark:text-white">{d.type}</span>
          <Badge tone={statusTone[d.status]}>{t(`Partner.Deliveries.Status.${d.status}`)}</Badge>
        </div>
        <Button
          size="sm"
          variant="secondary"
          onClick={onReplay}
          disabled={replaying}
          aria-busy={replaying || undefined}
          aria-label={t('Partner.Deliveries.ReplayNamed', { type: d.type, date: f.dateTime(d.createdAt) })}
        >
          {replaying ? <ButtonSpinner label={t('Partner.Common.Working')} /> : null}
          {t('Partner.Deliveries.Replay')}
        </Button>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-slate-700 sm:grid-cols-2 dark:text-slate-300">
        <Row label={t('Partner.Deliveries.Exchange')} mono>
          {d.exchangeId}
        </Row>
        <Row label={t('Partner.Deliveries.Url')} mono>
          {d.url}
        </Row>
        <Row label={t('Partner.Deliveries.Attempts')}>{f.number(d.attempts)}</Row>
        <Row label={t('Partner.Deliveries.LastCode')}>{d.lastStatusCode ?? '—'}</Row>
        <Row label={t('Partner.Deliveries.Created')}>{f.dateTime(d.createdAt, { seconds: true })}</Row>
        {d.deliveredAt ? (
          <Row label={t('Partner.Deliveries.DeliveredAt')}>
            {f.dateTime(d.deliveredAt, { seconds: true })}
          </Row>
        ) : d.nextAttemptAt ? (
          <Row label={t('Partner.Deliveries.NextAttempt')}>
            {f.dateTime(d.nextAttemptAt, { seconds: true })}
          </Row>
        ) : null}
        {d.lastError ? (
          <Row label={t('Partner.Deliveries.LastError')} wide>
            {d.lastError}
          </Row>
        ) : null}
      </dl>
    </li>
  );
}

function Row({
  label,
  children,
  mono,
  wide,
}: {
  label: string;
  children: ReactNode;
  mono?: boolean;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="inline text-slate-600 dark:text-slate-400">{label}: </dt>
      <dd className={mono ? 'inline font-mono text-xs break-all' : 'inline break-words'}>{children}</dd>
    </div>
  );
}
