import type { PublicExchange } from '@vaultline/shared';
import { networkName } from '@vaultline/shared';
import { cn } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import {
  chainTrackingSteps,
  EXPIRED_NOTE,
  type StepState,
  type TrackingStep,
  trackingSteps,
} from '../lib/tracking-steps';

const DOT: Record<StepState, string> = {
  done: 'bg-emerald-600 text-white dark:bg-emerald-500',
  current: 'bg-indigo-600 text-white ring-4 ring-indigo-200 dark:bg-indigo-500 dark:ring-indigo-900',
  hold: 'bg-amber-500 text-white ring-4 ring-amber-200 dark:ring-amber-900',
  failed: 'bg-red-600 text-white dark:bg-red-500',
  todo: 'bg-slate-200 text-slate-600 dark:bg-slate-700 dark:text-slate-300',
  skipped: 'bg-slate-100 text-slate-400 dark:bg-slate-800 dark:text-slate-500',
};
const MARK: Record<StepState, string> = {
  done: '✓',
  current: '•',
  hold: '!',
  failed: '✕',
  todo: '',
  skipped: '–',
};

function useStepTexts(e: PublicExchange, s: TrackingStep): { title: string; detail: string } {
  const { t } = useTranslation();
  const f = useFormat();
  switch (s.key) {
    case 'DepositSeen':
      return {
        title: t('Tracking.Chain.Steps.DepositSeen'),
        detail:
          s.state === 'current'
            ? e.amountReceived
              ? t('Tracking.Chain.Steps.PartReceived', {
                  received: f.amount(e.amountReceived),
                  amount: f.amount(e.amount),
                  ticker: e.sourceWalletTicker,
                })
              : t('Tracking.Chain.Steps.WaitingDeposit', { network: networkName(e.network) })
            : s.state === 'skipped'
              ? t('Tracking.Steps.NoDeposit')
              : t('Tracking.Chain.Steps.SeenOnChain'),
      };
    case 'Confirming':
      return {
        title: t('Tracking.Chain.Steps.Confirming'),
        detail:
          s.state === 'current' || s.state === 'done'
            ? t('Tracking.Chain.Steps.ConfirmationsOf', {
                seen: Math.min(e.depositConfirmations ?? 0, e.requiredConfirmations ?? 0),
                count: e.requiredConfirmations ?? 0,
              })
            : s.state === 'hold'
              ? t('Tracking.Steps.CheckingDetail')
              : '',
      };
    case 'Sending':
      return {
        title: t('Tracking.Chain.Steps.Sending'),
        detail:
          s.state === 'hold'
            ? t('Tracking.Chain.Steps.Review')
            : s.state === 'current'
              ? e.stage === 'exchanging'
                ? t('Tracking.Chain.Steps.Exchanging')
                : t('Tracking.Chain.Steps.PayoutSent')
              : s.state === 'done'
                ? t('Tracking.Chain.Steps.Sent')
                : '',
      };
    case 'Created':
      return { title: t('Tracking.Steps.Created'), detail: f.dateTime(e.creationDate) };
    case 'DepositSent':
      return {
        title: t('Tracking.Steps.DepositSent'),
        detail:
          s.state === 'current'
            ? t('Tracking.Steps.WaitingDeposit')
            : s.state === 'skipped'
              ? t('Tracking.Steps.NoDeposit')
              : e.transactionHash
                ? t('Tracking.Steps.HashReceived')
                : '',
      };
    case 'Checking':
      return {
        title: s.state === 'hold' ? t('Tracking.Steps.OnHold') : t('Tracking.Steps.Checking'),
        detail:
          s.state === 'hold'
            ? t('Tracking.Steps.OnHoldDetail')
            : s.state === 'current'
              ? t('Tracking.Steps.CheckingDetail')
              : '',
      };
    default:
      if (s.state === 'failed') {
        return {
          title: t('Tracking.Steps.Failed'),
          detail:
            e.adminNotes === EXPIRED_NOTE
              ? t('Tracking.Steps.ExpiredDetail')
              : t('Tracking.Steps.FailedDetail'),
        };
      }
      return {
        title: t('Tracking.Steps.Success'),
        detail:
          s.state === 'done'
            ? t('Tracking.Steps.SuccessDetail', {
                amount: f.amount(e.destinationAmount),
                ticker: e.destinationWalletTicker,
              })
            : '',
      };
  }
}

function Step({ e, s, last }: { e: PublicExchange; s: TrackingStep; last: boolean }) {
  const { t } = useTranslation();
  const { title, detail } = useStepTexts(e, s);
  return (
    <li
      data-testid={`step-${s.key}`}
      data-state={s.state}
      aria-current={s.state === 'current' || s.state === 'hold' ? 'step' : undefined}
      className="relative flex gap-3 pb-6 last:pb-0 sm:flex-1 sm:flex-col sm:pb-0"
    >
      {last ? null : (
        <span
          aria-hidden="true"
          className={cn(
            'absolute top-8 left-[15px] h-[calc(100%-2rem)] w-0.5 sm:top-[15px] sm:left-8 sm:h-0.5 sm:w-[calc(100%-2rem)]',
            s.state === 'done' ? 'bg-emerald-500' : 'bg-slate-200 dark:bg-slate-700',
          )}
        />
      )}
      <span
        aria-hidden="true"
        className={cn(
          'z-10 flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold',
          DOT[s.state],
        )}
      >
        {MARK[s.state]}
      </span>
      <div className="min-w-0 sm:pr-3">
        <p
          className={cn(
            'font-medium',
            s.state === 'skipped' || s.state === 'todo'
              ? 'text-slate-500 dark:text-slate-400'
              : 'text-slate-900 dark:text-white',
          )}
        >
          {title}
          <span className="sr-only"> ({t(`Tracking.Steps.State.${s.state}`)})</span>
        </p>
        {detail ? <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{detail}</p> : null}
        {s.key === 'Confirming' && s.state === 'current' ? <ConfirmationsBar e={e} /> : null}
      </div>
    </li>
  );
}

/** The deposit's confirmations as a bar (role progressbar, its value read out). */
function ConfirmationsBar({ e }: { e: PublicExchange }) {
  const { t } = useTranslation();
  const required = Math.max(1, e.requiredConfirmations ?? 1);
  const count = Math.min(e.depositConfirmations ?? 0, required);
  return (
    <div
      role="progressbar"
      aria-label={t('Tracking.Chain.Steps.Confirming')}
      aria-valuemin={0}
      aria-valuemax={required}
      aria-valuenow={count}
      aria-valuetext={t('Tracking.Chain.Steps.ConfirmationsOf', { seen: count, count: required })}
      data-testid="confirmations-bar"
      className="mt-2 h-2 w-full max-w-40 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
    >
      <div
        className="h-full rounded-full bg-indigo-600 transition-[width] duration-500 motion-reduce:transition-none dark:bg-indigo-400"
        style={{ width: `${(count / required) * 100}%` }}
      />
    </div>
  );
}

/**
 * Created -> deposit sent -> being checked (or on hold) -> success or failed; on a watched network,
 * created -> deposit seen -> confirmations -> sending -> success or failed.
 */
export function TrackingStepsList({ exchange }: { exchange: PublicExchange }) {
  const { t } = useTranslation();
  const steps = exchange.network
    ? chainTrackingSteps({ ...exchange, refunded: exchange.status === 0 && exchange.payoutHash !== null })
    : trackingSteps(exchange);
  return (
    <ol aria-label={t('Tracking.Steps.Label')} className="flex flex-col sm:flex-row">
      {steps.map((s, i) => (
        <Step key={s.key} e={exchange} s={s} last={i === steps.length - 1} />
      ))}
    </ol>
  );
}
