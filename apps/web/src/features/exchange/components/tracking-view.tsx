import { useQueryClient } from '@tanstack/react-query';
import { type PublicExchange, TransactionStatus } from '@vaultline/shared';
import { Button, Card, cn, LinkButton } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { type FeedState, FeedStatus } from '../../feed';
import { exchangeQueryKey } from '../api/manual-deposit-api';
import { EXPIRED_NOTE } from '../lib/tracking-steps';
import { ChainDepositPanel } from './chain-deposit-panel';
import { DepositConfirm } from './manual-deposit-confirm';
import { BusySpinner } from './manual-deposit-field';
import { DepositInstructions } from './manual-deposit-instructions';
import { TrackingDetails } from './tracking-details';
import { TrackingStatusBadge } from './tracking-status-badge';
import { TrackingStepsList } from './tracking-steps-list';

const NOTE_TONE: Record<number, string> = {
  [TransactionStatus.failed]:
    'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100',
  [TransactionStatus.success]:
    'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-100',
};
const NOTE_DEFAULT =
  'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100';

/**
 * One guest exchange as its private page shows it: status badge and steps, the team's note, the
 * deposit panel while the exchange waits for the guest (address, QR, countdown, hash and confirm),
 * and every detail.
 */
export function TrackingView({
  exchange: e,
  refreshing,
  onRefresh,
  feedState,
}: {
  exchange: PublicExchange;
  refreshing: boolean;
  onRefresh: () => void;
  /** The live feed's state, when the page listens to it. */
  feedState?: FeedState;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const qc = useQueryClient();
  // On a watched network a deposit short of the quote still waits for the rest.
  const awaiting = e.network
    ? e.stage === 'awaitingDeposit'
    : e.status === TransactionStatus.awaitingVerification;
  const notes = e.adminNotes === EXPIRED_NOTE ? t('Tracking.ExpiredNote') : e.adminNotes;

  return (
    <div className="space-y-6">
      <Card className="space-y-6 p-5 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
              {t('Tracking.Summary', {
                amount: f.amount(e.amount),
                from: e.sourceWalletTicker,
                receive: f.amount(e.destinationAmount),
                to: e.destinationWalletTicker,
              })}
            </h2>
            <TrackingStatusBadge status={e.status} />
          </div>
          <Button variant="secondary" size="sm" onClick={onRefresh} aria-disabled={refreshing || undefined}>
            {refreshing ? <BusySpinner /> : null}
            {refreshing ? t('Tracking.Refreshing') : t('Tracking.Refresh')}
          </Button>
        </div>
        <TrackingStepsList exchange={e} />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-xs text-slate-600 dark:text-slate-400">
          {feedState ? <FeedStatus state={feedState} /> : null}
          <p>
            {t('Tracking.UpdatedAt', { time: f.dateTime(e.updatedAt) })} · {t('Tracking.AutoRefresh')}
          </p>
        </div>
      </Card>

      {notes ? (
        <aside
          aria-labelledby="tracking-notes"
          data-testid="admin-notes"
          className={cn('rounded-xl border p-4', NOTE_TONE[e.status] ?? NOTE_DEFAULT)}
        >
          <h2 id="tracking-notes" className="text-sm font-semibold">
            {t('Tracking.Notes')}
          </h2>
          <p className="mt-1 whitespace-pre-line break-words">{notes}</p>
        </aside>
      ) : null}

      {awaiting ? (
        <Card className="space-y-6 p-5 sm:p-6">
          <h2 className="text-xl font-semibold text-slate-900 dark:text-white">
            {t('Tracking.SendDeposit')}
          </h2>
          {e.network ? (
            // A watched network: its own address, no hash to type (DECISIONS §10).
            <ChainDepositPanel exchange={e} onExpired={onRefresh} />
          ) : (
            <>
              <DepositInstructions exchange={e} onExpired={onRefresh} />
              <DepositConfirm
                exchange={e}
                onConfirmed={(done) => qc.setQueryData(exchangeQueryKey(e.id), done)}
              />
            </>
          )}
        </Card>
      ) : null}

      <Card className="p-5 sm:p-6">
        <h2 className="mb-2 text-lg font-semibold text-slate-900 dark:text-white">
          {t('Tracking.Details.Title')}
        </h2>
        <TrackingDetails exchange={e} />
      </Card>

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        <LinkButton to="/buy-sell/history" variant="secondary">
          {t('Tracking.History')}
        </LinkButton>
        <LinkButton to="/buy-sell" variant="primary">
          {t('Tracking.NewExchange')}
        </LinkButton>
      </div>
    </div>
  );
}
