import { Decimal, type MoneyTotal, type WalletTotals } from '@vaultline/shared';
import { Card, cn, Spinner } from '../../../components/ui';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { formatChange } from '../lib/money';

/** Green when >= 0, red when negative, grey when not loaded (spec-2 §2). */
export function toneOf(value: string | null | undefined): 'up' | 'down' | 'none' {
  if (value === null || value === undefined) return 'none';
  return new Decimal(value).gte(0) ? 'up' : 'down';
}

const TONE_CLASS = {
  up: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-200',
  down: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-200',
  none: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
} as const;

function Badge({ percent, label }: { percent: string | null | undefined; label: string }) {
  const { i18n } = useTranslation();
  const tone = toneOf(percent);
  return (
    <span
      className={cn('rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums', TONE_CLASS[tone])}
      title={label}
    >
      <span className="sr-only">{label}: </span>
      {percent === null || percent === undefined ? '—' : formatChange(percent, i18n.language)}
    </span>
  );
}

function TotalRow({ label, total, percent }: { label: string; total?: MoneyTotal; percent?: string | null }) {
  const { t, i18n } = useTranslation();
  // One dt with two dd (amount, change) per group: valid definition-list markup in a grid.
  return (
    <div className="grid grid-cols-[1fr_auto] items-center gap-x-3 py-3">
      <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="col-start-1 row-start-2 text-xl font-bold tabular-nums">
        {total ? formatMoney(total.amount, total.reference.ticker, i18n.language) : '—'}
      </dd>
      <dd className="col-start-2 row-span-2 row-start-1">
        <Badge percent={percent} label={t('Wallets.Change24h')} />
      </dd>
    </div>
  );
}

/** Left panel: account, fiat and crypto totals with their 24 h change, and the 24 h gain/loss. */
export function TotalsPanel({ totals, loading }: { totals: WalletTotals | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const perf = totals?.performanceYtd;
  const tone = toneOf(perf?.amount);
  return (
    <Card className="p-6">
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">{t('Wallets.Overview')}</h2>
        {loading ? <Spinner label={t('Wallets.LoadingTotals')} /> : null}
      </div>
      <dl className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
        <TotalRow
          label={t('Wallets.AccountTotal')}
          total={totals?.accountTotal}
          percent={totals?.accountChangePercent}
        />
        <TotalRow
          label={t('Wallets.TotalFiat')}
          total={totals?.fiatTotal}
          percent={totals?.fiatChangePercent}
        />
        <TotalRow
          label={t('Wallets.TotalCrypto')}
          total={totals?.cryptoTotal}
          percent={totals?.cryptoChangePercent}
        />
      </dl>
      <h3 className="mt-6 text-lg font-semibold">{t('Wallets.Performances')}</h3>
      <div data-testid="performance" data-tone={tone} className={cn('mt-3 rounded-lg p-4', TONE_CLASS[tone])}>
        <p className="text-sm">{t('Wallets.GainLoss24h')}</p>
        <p className="text-2xl font-bold tabular-nums">
          {perf ? formatMoney(perf.amount, perf.reference.ticker, i18n.language) : '—'}
        </p>
      </div>
    </Card>
  );
}
