import { useQueryClient } from '@tanstack/react-query';
import { type PublicExchange, TransactionStatus } from '@vaultline/shared';
import { useEffect, useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Card, LinkButton, Spinner } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';
import { FeedStatus, useFeedUpdates } from '../../feed';
import { exchangeQueryKey, useExchange } from '../api/manual-deposit-api';
import { applyFeedUpdate } from '../lib/apply-feed-update';
import { rememberExchange } from '../lib/manual-deposit-store';
import { ChainDepositPanel } from './chain-deposit-panel';
import { DepositConfirm } from './manual-deposit-confirm';
import { DepositInstructions, exact } from './manual-deposit-instructions';
import { TrackingStatusBadge } from './tracking-status-badge';
import { TrackingStepsList } from './tracking-steps-list';

export const trackingPath = (id: string) => `/buy-sell/exchange/${id}`;

const LINK =
  'font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-300 dark:hover:text-indigo-200';

/**
 * The private tracking link with why it matters (the exchange id is the guest's only key). Embedded
 * (the partner widget), it opens our site in a new tab: no other page of ours may be framed.
 */
export function TrackingLinkNote({
  exchangeId,
  embedded = false,
}: {
  exchangeId: string;
  embedded?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      {embedded ? (
        <a
          href={trackingPath(exchangeId)}
          target="_blank"
          rel="noopener"
          data-testid="tracking-link"
          className={LINK}
        >
          {t('ManualDeposit.Submitted.Track')}
          <span className="sr-only"> {t('EmbedWidget.NewTab')}</span>
        </a>
      ) : (
        <Link to={trackingPath(exchangeId)} data-testid="tracking-link" className={LINK}>
          {t('ManualDeposit.Submitted.Track')}
        </Link>
      )}
      {' — '}
      {t('ManualDeposit.Submitted.TrackNote')}
    </p>
  );
}

/**
 * The submitted step (spec-1 §2): the exchange as the server fixed it, where and what to send, the
 * hash and Done (then the history), Back to buy-sell, and the tracking link. `embed` (the partner
 * widget): Done stays here to show the live status, and "New exchange" replaces Back.
 */
export function ManualDepositSubmitted({
  exchangeId,
  embed,
}: {
  exchangeId: string;
  embed?: { onRestart: () => void };
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const q = useExchange(exchangeId);
  const qc = useQueryClient();
  // A watched network moves by itself: the deposit seen, its confirmations, the payout, live.
  const { state: feedState } = useFeedUpdates({
    watchIds: q.data ? [q.data.id] : [],
    enabled: Boolean(q.data?.network),
    onUpdate: (u) => {
      if (u.id !== q.data?.id) return;
      qc.setQueryData<PublicExchange>(exchangeQueryKey(exchangeId), (old) => applyFeedUpdate(old, u));
      void q.refetch();
    },
  });

  useEffect(() => {
    if (q.data) rememberExchange(q.data);
  }, [q.data]);

  if (q.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('ManualDeposit.LoadingExchange')} className="[&>span:first-child]:size-8" />
      </div>
    );
  }
  if (q.isError) {
    return (
      <Card className="space-y-4">
        <p role="alert" className="text-red-700 dark:text-red-400">
          {t('ManualDeposit.Errors.LoadExchange')}
        </p>
        <TrackingLinkNote exchangeId={exchangeId} embedded={embed !== undefined} />
      </Card>
    );
  }
  const e = q.data;
  const back = embed ? (
    <Button type="button" variant="secondary" size="lg" onClick={embed.onRestart}>
      {t('EmbedWidget.NewExchange')}
    </Button>
  ) : (
    <LinkButton to="/buy-sell" variant="secondary" size="lg">
      {t('ManualDeposit.Submitted.Back')}
    </LinkButton>
  );
  const embedded = embed !== undefined;
  if (e.network) {
    return (
      <Card className="space-y-6 p-5 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={titleId} className="text-xl font-semibold text-slate-900 dark:text-white">
            {t('ManualDeposit.Submitted.Title', {
              amount: exact(e.amount, i18n.language),
              ticker: e.sourceWalletTicker,
            })}
          </h2>
          <TrackingStatusBadge status={e.status} />
        </div>
        <TrackingStepsList exchange={e} />
        {e.stage === 'awaitingDeposit' ? (
          <ChainDepositPanel exchange={e} onExpired={() => void q.refetch()} />
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <FeedStatus state={feedState} />
          {back}
        </div>
        <TrackingLinkNote exchangeId={e.id} embedded={embedded} />
      </Card>
    );
  }
  if (e.status !== TransactionStatus.awaitingVerification) {
    return (
      <Card className="space-y-4">
        <div className="flex flex-wrap items-center gap-3">
          <TrackingStatusBadge status={e.status} />
          <p className="text-slate-700 dark:text-slate-200">{t('ManualDeposit.Submitted.NotAwaiting')}</p>
        </div>
        <TrackingLinkNote exchangeId={e.id} embedded={embedded} />
        <div className="flex justify-end">{back}</div>
      </Card>
    );
  }
  return (
    <Card className="space-y-6 p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-xl font-semibold text-slate-900 dark:text-white">
          {t('ManualDeposit.Submitted.Title', {
            amount: exact(e.amount, i18n.language),
            ticker: e.sourceWalletTicker,
          })}
        </h2>
        <TrackingStatusBadge status={e.status} />
      </div>
      <DepositInstructions exchange={e} onExpired={() => void q.refetch()} />
      <DepositConfirm
        exchange={e}
        onConfirmed={() => (embed ? void q.refetch() : void navigate('/buy-sell/history'))}
        secondary={back}
      />
      <TrackingLinkNote exchangeId={e.id} embedded={embedded} />
    </Card>
  );
}
