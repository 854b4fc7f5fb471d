import type { WithdrawalQuote } from '@vaultline/shared';
import { Spinner } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** Fee, what arrives and the total that leaves the wallet, from the server's quote as you type. */
export function QuoteSummary({
  ticker,
  quote,
  loading,
  error,
}: {
  ticker: string;
  quote: WithdrawalQuote | undefined;
  loading: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const row = (label: string, value: string | undefined, testId: string, strong?: boolean) => (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd data-testid={testId} className={strong ? 'font-semibold tabular-nums' : 'tabular-nums'}>
        {value === undefined ? '—' : `${f.number(value, { maximumFractionDigits: 20 })} ${ticker}`}
      </dd>
    </div>
  );
  return (
    <div className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700" aria-live="polite">
      <dl className="space-y-1">
        {row(t('Withdraw.Fee'), quote?.fee, 'quote-fee')}
        {row(t('Withdraw.Receive'), quote?.receive, 'quote-receive')}
        {row(t('Withdraw.Total'), quote?.total, 'quote-total', true)}
        {row(t('Withdraw.Available'), quote?.available, 'quote-available')}
      </dl>
      {loading ? (
        <div className="mt-2">
          <Spinner label={t('Withdraw.Quoting')} />
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : quote && !quote.open ? (
        <p role="alert" className="mt-2 text-amber-800 dark:text-amber-300">
          {t('Withdraw.Closed', { ticker })}
        </p>
      ) : null}
    </div>
  );
}
