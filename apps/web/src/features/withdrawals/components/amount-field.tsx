import { Button } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';
import { ButtonSpinner } from '../../admin/components/admin-ui';

/** The amount that arrives, with "max" (everything available once the fee is taken). */
export function AmountField({
  id,
  ticker,
  value,
  onChange,
  onMax,
  maxBusy,
  error,
}: {
  id: string;
  ticker: string;
  value: string;
  onChange: (v: string) => void;
  onMax: () => void;
  maxBusy: boolean;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {t('Withdraw.Amount', { ticker })}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="block w-full min-w-0 rounded-lg border border-slate-500 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100"
        />
        <Button variant="secondary" onClick={onMax} disabled={maxBusy} aria-label={t('Withdraw.MaxLabel')}>
          {maxBusy ? <ButtonSpinner label={t('Withdraw.Loading')} /> : null}
          {t('Withdraw.Max')}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
