import type { HistoryItem } from '@vaultline/shared';
import { useId } from 'react';
import { cn } from '../../../components/ui/cn';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { AssetIcon } from '../../wallets/components/asset-icon';
import { WithdrawalStatusBadge } from '../../withdrawals/components/withdrawal-status';
import { refundedAtOf } from '../lib/history-view';
import { HistoryDetails } from './history-details';
import { StatusBadge } from './status-badge';

/**
 * One transaction: asset icons, amount arrow, date and status badge on a button that expands or
 * collapses its details (spec-1 §2).
 */
export function HistoryCard({
  item,
  open,
  onToggle,
  onConfirmed,
}: {
  item: HistoryItem;
  open: boolean;
  onToggle: () => void;
  onConfirmed: (item: HistoryItem) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const detailsId = useId();
  const received =
    item.kind === 'withdrawal'
      ? t('History.WithdrawnOut')
      : item.destinationTicker && item.destinationAmount !== null
        ? `${f.amount(item.destinationAmount, item.destinationDecimals ?? undefined)} ${item.destinationTicker}`
        : t('History.WalletOf', { ticker: item.destinationTicker ?? item.sourceTicker });
  // A transfer seen on a watched network, still counting its confirmations.
  const confirming =
    item.requiredConfirmations !== null &&
    item.transactionHash !== null &&
    (item.confirmations ?? 0) < item.requiredConfirmations &&
    item.status !== 1 &&
    item.status !== 0;
  const kind =
    item.kind === 'deposit' && item.method
      ? t(`History.Method.${item.method}`)
      : t(`History.Kind.${item.kind}`);

  return (
    <li
      data-testid="history-card"
      data-id={item.id}
      className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={onToggle}
        className="flex w-full items-center gap-3 p-4 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 dark:hover:bg-slate-800/60 dark:focus-visible:outline-indigo-400"
      >
        <span className="flex w-14 shrink-0 items-center" aria-hidden="true">
          <AssetIcon ticker={item.sourceTicker} size={32} />
          {item.destinationTicker ? (
            <AssetIcon
              ticker={item.destinationTicker}
              size={32}
              className="-ml-2 ring-2 ring-white dark:ring-slate-900"
            />
          ) : null}
        </span>
        {/* On a phone the badge wraps under the text; from sm up it sits on the right. */}
        <span className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
          <span className="min-w-0 basis-full sm:basis-auto sm:flex-1">
            <span className="flex flex-wrap items-center gap-x-1.5 font-medium text-slate-900 dark:text-white">
              <span className="whitespace-nowrap">
                {f.amount(item.amount, item.sourceDecimals ?? undefined)} {item.sourceTicker}
              </span>
              <span aria-hidden="true" className="text-slate-500">
                →
              </span>
              <span className="sr-only">{t('History.To')}</span>
              <span className="whitespace-nowrap">{received}</span>
            </span>
            <span className="mt-0.5 block text-sm text-slate-600 dark:text-slate-400">
              {kind} · <time dateTime={item.creationDate}>{f.dateTime(item.creationDate)}</time>
              {confirming ? (
                <span data-testid="history-confirmations">
                  {' · '}
                  {t('Tracking.Chain.Steps.ConfirmationsOf', {
                    seen: Math.min(item.confirmations ?? 0, item.requiredConfirmations ?? 0),
                    count: item.requiredConfirmations ?? 0,
                  })}
                </span>
              ) : null}
            </span>
          </span>
          <span className="flex shrink-0 flex-wrap items-center gap-1.5">
            {item.kind === 'withdrawal' && item.withdrawalStatus ? (
              <WithdrawalStatusBadge status={item.withdrawalStatus} />
            ) : (
              <StatusBadge status={item.status} />
            )}
            {refundedAtOf(item) ? (
              <span
                data-testid="refunded-badge"
                className="inline-flex shrink-0 items-center rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-medium text-indigo-800 ring-1 ring-indigo-600/30 ring-inset dark:bg-indigo-900/50 dark:text-indigo-200"
              >
                {t('History.Refunded')}
              </span>
            ) : null}
          </span>
        </span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={cn('size-5 shrink-0 text-slate-500 transition-transform', open && 'rotate-180')}
        >
          <path
            fill="currentColor"
            d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z"
          />
        </svg>
      </button>
      <div
        id={detailsId}
        hidden={!open}
        className="border-t border-slate-200 px-4 pb-2 dark:border-slate-700"
      >
        {open ? <HistoryDetails item={item} onConfirmed={onConfirmed} /> : null}
      </div>
    </li>
  );
}
