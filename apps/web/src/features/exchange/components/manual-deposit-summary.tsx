import { useQuery } from '@tanstack/react-query';
import { conversionQuote, Decimal, parseDecimal, type Wallet } from '@vaultline/shared';
import { formatNumber, useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { normaliseAmount } from '../../convert/lib/amount';
import { useLiveSettings } from '../../feed';
import { useCurrentPrices } from '../../prices/api/get-current-prices';
import { useExchangeRate } from '../../prices/api/get-exchange-rate';
import { publicSettingsQueryOptions } from '../api/manual-deposit-api';
import { exact } from './manual-deposit-instructions';

/**
 * What the guest sends and, estimated from the server's current rate and fee rule, what they would
 * receive; the server quotes and fixes the real figure when the exchange is created. Also the
 * server's minimum (DECISIONS §3), in USD and in the source asset.
 */
export function DepositSummary({
  source,
  destination,
  amount,
  amountError,
}: {
  source: Wallet;
  destination: Wallet;
  amount: string;
  amountError?: string | null;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const { isPremium } = useSession();
  const rate = useExchangeRate(source.id, destination.id);
  const settings = useQuery(publicSettingsQueryOptions());
  // A new minimum set by an admin reaches this open page without a reload.
  useLiveSettings();
  const prices = useCurrentPrices();
  const value = parseDecimal(normaliseAmount(amount));
  const valid = value?.gt(0) ? value : undefined;
  // Premium callers pay no fee, as the server applies it (DECISIONS §3).
  const feeRate = isPremium ? '0' : settings.data?.feeRate;
  const quote =
    valid && rate.data && feeRate !== undefined
      ? conversionQuote(valid, rate.data, feeRate, destination.decimals)
      : null;
  const usd = prices.data?.prices.find((p) => p.ticker === source.ticker)?.usd;
  const min = settings.data?.minimumTransactionAmount;
  const minInSource =
    usd && min && new Decimal(usd).gt(0) ? new Decimal(min).div(usd).toFixed(8, Decimal.ROUND_UP) : null;
  const percent =
    feeRate === undefined
      ? null
      : f.number(new Decimal(feeRate).mul(100).toFixed(), { maximumFractionDigits: 4 });

  return (
    <div className="rounded-xl bg-slate-50 p-4 sm:p-5 dark:bg-slate-800/60">
      <div className="grid items-center gap-3 sm:grid-cols-[1fr_auto_1fr]">
        <div>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('ManualDeposit.YouSend')}</p>
          <p
            data-testid="summary-send"
            className="mt-1 text-2xl font-bold tabular-nums text-slate-900 dark:text-white"
          >
            {valid ? exact(valid.toFixed(), f.lang) : amount || '—'} {source.ticker}
          </p>
        </div>
        <span aria-hidden="true" className="hidden text-2xl text-slate-400 sm:block">
          →
        </span>
        <div className="sm:text-right">
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('ManualDeposit.YouReceive')}</p>
          <p
            data-testid="summary-receive"
            className="mt-1 text-2xl font-bold tabular-nums text-slate-900 dark:text-white"
          >
            {quote ? `≈ ${f.amount(quote.receive.toFixed())}` : '—'} {destination.ticker}
          </p>
        </div>
      </div>
      {amountError ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-400">
          {amountError}
        </p>
      ) : null}
      <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2 dark:text-slate-300">
        <div className="flex justify-between gap-3 sm:justify-start">
          <dt>{t('ManualDeposit.Rate')}</dt>
          <dd className="font-medium tabular-nums">
            {rate.data
              ? t('ManualDeposit.RateValue', {
                  left: source.ticker,
                  rate: f.rate(rate.data),
                  right: destination.ticker,
                })
              : '—'}
          </dd>
        </div>
        <div className="flex justify-between gap-3 sm:justify-start">
          <dt>{percent === null ? t('ManualDeposit.FeeLabel') : t('ManualDeposit.Fee', { percent })}</dt>
          <dd className="font-medium tabular-nums">
            {feeRate !== undefined && new Decimal(feeRate).isZero()
              ? t('ManualDeposit.NoFee')
              : quote
                ? `${f.amount(quote.fee.toFixed())} ${destination.ticker}`
                : '—'}
          </dd>
        </div>
      </dl>
      {min ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {minInSource
            ? t('ManualDeposit.MinimumHint', {
                min: f.number(min, { maximumFractionDigits: 2 }),
                cryptoAmount: formatNumber(
                  minInSource,
                  { minimumFractionDigits: 8, useGrouping: false },
                  f.lang,
                ),
                ticker: source.ticker,
              })
            : t('ManualDeposit.MinimumUsd', { min: f.number(min, { maximumFractionDigits: 2 }) })}
        </p>
      ) : null}
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t('ManualDeposit.EstimateNote')}</p>
    </div>
  );
}
