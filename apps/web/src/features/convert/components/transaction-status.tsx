import { type ConvertTransaction, formatDisplay } from '@vaultline/shared';
import { Card, cn, LinkButton } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { statusView } from '../lib/status';

const TONES = {
  success: {
    badge: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-200',
    bar: 'bg-emerald-600',
  },
  danger: { badge: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-200', bar: 'bg-red-600' },
  warning: {
    badge: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-200',
    bar: 'bg-amber-500',
  },
  neutral: {
    badge: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
    bar: 'bg-slate-500',
  },
} as const;

/** Status page body (spec-1 §2, §4): label, percentage, progress bar, details, Continue when done. */
export function TransactionStatus({ tx }: { tx: ConvertTransaction }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language || 'en-us';
  const view = statusView(tx.status);
  const tone = TONES[view.tone];
  const label = t(`Exchange.Status.${view.key}`);
  const headline =
    view.phase === 'InProgress'
      ? t('Exchange.Transaction.InProgress', { percent: view.percent })
      : view.phase === 'Done'
        ? t('Exchange.Transaction.Done', { percent: view.percent })
        : t(`Exchange.Transaction.${view.phase}`);
  const row = 'flex justify-between gap-4 py-2';
  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xl font-bold" aria-live="polite">
          {headline}
        </p>
        <span className={cn('rounded-full px-3 py-1 text-sm font-semibold', tone.badge)}>{label}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('Exchange.Transaction.Progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={view.percent ?? 0}
        aria-valuetext={`${label}${view.percent === null ? '' : `, ${view.percent}%`}`}
        className="mt-4 h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          className={cn('h-full rounded-full transition-all', tone.bar)}
          style={{ width: `${view.phase === 'Failed' ? 100 : (view.percent ?? 0)}%` }}
        />
      </div>
      <dl className="mt-6 divide-y divide-slate-200 text-sm dark:divide-slate-700">
        <div className={row}>
          <dt className="text-slate-600 dark:text-slate-300">{t('Exchange.Transaction.From')}</dt>
          <dd className="font-medium">
            {formatDisplay(tx.amount, 'amount', locale)} {tx.sourceWalletTicker}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-slate-600 dark:text-slate-300">{t('Exchange.Transaction.To')}</dt>
          <dd className="font-medium">
            {formatDisplay(tx.destinationAmount, 'amount', locale)} {tx.destinationWalletTicker}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-slate-600 dark:text-slate-300">{t('Exchange.Transaction.Rate')}</dt>
          <dd className="font-medium">
            1 {tx.sourceWalletTicker} = {formatDisplay(tx.exchangeRate, 'rate', locale)}{' '}
            {tx.destinationWalletTicker}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-slate-600 dark:text-slate-300">{t('Exchange.Transaction.Fee')}</dt>
          <dd className="font-medium">
            {formatDisplay(tx.fee, 'amount', locale)} {tx.feeTicker}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-slate-600 dark:text-slate-300">{t('Exchange.Transaction.Date')}</dt>
          <dd className="font-medium">{formatDateTime(tx.creationDate, {}, locale)}</dd>
        </div>
      </dl>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <LinkButton to="/buy-sell" variant="secondary">
          {t('Exchange.Transaction.NewExchange')}
        </LinkButton>
        {view.key === 'Success' ? (
          <LinkButton to="/wallets" variant="primary">
            {t('Exchange.Transaction.Continue')}
          </LinkButton>
        ) : null}
      </div>
    </Card>
  );
}
