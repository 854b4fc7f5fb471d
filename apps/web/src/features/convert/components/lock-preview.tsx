import { Decimal, formatDisplay, type PriceLock, tooManyDecimalsMessage } from '@vaultline/shared';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Spinner } from '../../../components/ui';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCancelLock } from '../api/cancel-lock';
import { useConvertAssets } from '../api/convert-assets';
import { type AmountCheck, checkAmount, minimumInSource } from '../lib/amount';
import { Countdown } from './countdown';

const usd = (v: Decimal, locale: string) => formatMoney(v.toFixed(2), 'USD', locale);
/** The source amount of the minimum, 8 decimals (spec-1 §5), with the language's separators. */
const eight = (v: string, locale?: string) =>
  formatNumber(v, { minimumFractionDigits: 8, maximumFractionDigits: 8, useGrouping: false }, locale);

function useAmountError(check: AmountCheck, ticker: string): string | null {
  const { t, i18n } = useTranslation();
  if (check.ok) return null;
  if (check.error === 'invalid') return t('Exchange.Errors.InvalidAmount');
  if (check.error === 'decimals') {
    return t('Exchange.Errors.TooManyDecimals', {
      ticker,
      decimals: check.decimals,
      count: check.decimals,
      defaultValue: tooManyDecimalsMessage(ticker, check.decimals),
    });
  }
  return t('Exchange.Errors.Minimum', {
    min: check.minUsd,
    cryptoAmount: eight(check.approx, i18n.language),
    ticker,
  });
}

/** The preview of a price lock: rate, countdown, amount with its checks, fee, result; Confirm/Cancel. */
export function LockPreview({ lock }: { lock: PriceLock }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language || 'en-us';
  const navigate = useNavigate();
  const convert = useConvertAssets();
  const cancel = useCancelLock();
  const ids = useId();
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  // Once the user confirmed or cancelled, the countdown must not send them back a second time.
  const leaving = useRef(false);
  const { left, right } = lock.pair;
  const check = checkAmount(amount, lock);
  const error = useAmountError(check, left.ticker);
  const busy = convert.isPending || cancel.isPending;
  const noFee = new Decimal(lock.feeRate).isZero();

  const onExpired = () => {
    if (leaving.current) return;
    leaving.current = true;
    notify({ title: t('Exchange.Errors.LockExpired'), severity: 'Error' });
    void navigate('/buy-sell');
  };

  const onCancel = () => {
    leaving.current = true;
    cancel.mutate(lock.id, {
      onSuccess: () => {
        notify({ title: t('Exchange.Cancelled'), severity: 'Success' });
        void navigate('/buy-sell');
      },
      onError: (err) => {
        leaving.current = false;
        notify({ title: t('Exchange.Errors.Cancel'), message: err.message, severity: 'Error' });
      },
    });
  };

  const onConfirm = () => {
    setTouched(true);
    if (!check.ok || busy) return;
    leaving.current = true;
    convert.mutate(
      { transactionLockId: lock.id, amount: check.amount },
      {
        onSuccess: (txId) => {
          notify({ title: t('Exchange.Started'), severity: 'Success' });
          void navigate(`/buy-sell/transaction/${txId}`);
        },
        onError: (err) => {
          leaving.current = false;
          notify({
            title: t('Exchange.Errors.Convert'),
            message: err.message,
            severity: 'Error',
            closeAfter: 10_000,
          });
        },
      },
    );
  };

  const row = 'flex items-center justify-between gap-4 py-2';
  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-center justify-center gap-3 text-2xl font-bold">
        <span>{left.ticker}</span>
        <span aria-hidden="true">→</span>
        <span className="sr-only">{t('Exchange.Preview.To')}</span>
        <span>{right.ticker}</span>
      </div>
      <p className="mt-2 text-center text-slate-600 dark:text-slate-300">
        {t('Exchange.Preview.Rate', {
          left: left.ticker,
          rate: formatDisplay(lock.pair.rate, 'rate', locale),
          right: right.ticker,
        })}
      </p>
      {lock.indicative ? (
        <p className="mt-1 text-center text-xs text-amber-800 dark:text-amber-300">
          {t('Exchange.Preview.Indicative')}
        </p>
      ) : null}
      <div className="mt-5">
        <Countdown expirationUtc={lock.expirationUtc} onExpired={onExpired} />
      </div>
      <form
        className="mt-5 space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm();
        }}
      >
        <div>
          <label
            htmlFor={`${ids}-amount`}
            className="block text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            {t('Exchange.Preview.AmountLabel', { ticker: left.ticker })}
          </label>
          <input
            id={`${ids}-amount`}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setTouched(true);
            }}
            aria-invalid={touched && error !== null}
            aria-describedby={`${ids}-hint ${ids}-error`}
            className="mt-1 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2.5 text-lg text-slate-900 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100"
          />
          <p id={`${ids}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {t('Exchange.Preview.MinimumHint', {
              min: new Decimal(lock.minimumAmountUsd).toFixed(),
              cryptoAmount: eight(minimumInSource(lock), locale),
              ticker: left.ticker,
            })}
          </p>
          <p id={`${ids}-error`} role="alert" className="mt-1 min-h-5 text-sm text-red-700 dark:text-red-400">
            {touched && error ? error : ''}
          </p>
        </div>
        <dl className="divide-y divide-slate-200 text-sm dark:divide-slate-700">
          <div className={row}>
            <dt className="text-slate-600 dark:text-slate-300">{t('Exchange.Preview.UsdValue')}</dt>
            <dd className="font-medium">
              {check.ok || check.error === 'minimum' ? `≈ ${usd(check.usdValue, locale)}` : '—'}
            </dd>
          </div>
          <div className={row}>
            <dt className="text-slate-600 dark:text-slate-300">
              {t('Exchange.Preview.Fee', {
                percent: formatNumber(
                  new Decimal(lock.feeRate).mul(100).toFixed(),
                  { maximumFractionDigits: 4 },
                  locale,
                ),
              })}
            </dt>
            <dd className="font-medium">
              {noFee
                ? t('Exchange.Preview.NoFee')
                : check.ok
                  ? `${formatDisplay(check.fee, 'amount', locale)} ${right.ticker}`
                  : '—'}
            </dd>
          </div>
          <div className={row}>
            <dt className="font-semibold">{t('Exchange.Preview.Receive')}</dt>
            {/* Announced as it changes with each keystroke (the locked rate: the exact credit). */}
            <dd
              className="text-lg font-bold"
              data-testid="receive-amount"
              aria-live="polite"
              aria-atomic="true"
            >
              {check.ok ? `${formatDisplay(check.receive, 'amount', locale)} ${right.ticker}` : '—'}
            </dd>
          </div>
        </dl>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" size="lg" onClick={onCancel} disabled={busy}>
            {cancel.isPending ? <Spinner label={t('Exchange.Preview.Cancelling')} /> : null}
            {t('Exchange.Preview.Cancel')}
          </Button>
          <Button type="submit" size="lg" variant="primary" disabled={!check.ok || busy}>
            {convert.isPending ? <Spinner label={t('Exchange.Preview.Confirming')} /> : null}
            {t('Exchange.Preview.Confirm')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
