import type { PartnerAccount } from '@vaultline/shared';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useSetCommission } from '../api/partner-account';
import { checkRatePercent, fractionToPercent } from '../lib/commission';
import { notifyFailure, notifySuccess, withReason } from '../lib/notify';
import { EarningsList } from './earnings-list';
import { ButtonSpinner, inputClass, Section } from './ui';

/** A rate fraction shown as a percentage with only the decimals it has (0.015 -> 1.5 %). */
export function usePercent() {
  const f = useFormat();
  return (fraction: string) => f.number(fraction, { style: 'percent', maximumFractionDigits: 4 });
}

/** The decimal sign of a language ("," in de-de, fr-fr, ru-ru). */
const decimalSign = (lang: string) =>
  new Intl.NumberFormat(lang).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';

/** Overview: the commission (0 to the admin's maximum) and the earnings per asset. */
export function OverviewSection({ account }: { account: PartnerAccount }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <Section title={t('Partner.Commission.Title')} description={t('Partner.Commission.Description')}>
        <CommissionForm account={account} />
      </Section>
      <Section title={t('Partner.Earnings.Title')} description={t('Partner.Earnings.Description')}>
        <EarningsList />
      </Section>
    </div>
  );
}

function CommissionForm({ account }: { account: PartnerAccount }) {
  const { t } = useTranslation();
  const percent = usePercent();
  const id = useId();
  const save = useSetCommission();
  const { lang } = useFormat();
  // The current rate in the field, written with the language's decimal sign (1,5 in de-de).
  const [value, setValue] = useState(() =>
    fractionToPercent(account.commission).replace('.', decimalSign(lang)),
  );
  const [submitted, setSubmitted] = useState(false);
  const checked = checkRatePercent(value, account.maxCommission);
  const error = submitted && !checked.ok ? t(checked.key, checked.values) : null;
  const serverError = save.isError ? withReason(t('Partner.Commission.SaveError'), save.error) : null;

  const submit = () => {
    setSubmitted(true);
    if (!checked.ok || save.isPending) return;
    save.mutate(checked.value, {
      onSuccess: () =>
        notifySuccess(
          t('Partner.Common.Saved'),
          t('Partner.Commission.Saved', { rate: percent(checked.value) }),
        ),
      onError: (err) => notifyFailure(t('Partner.Common.Error'), t('Partner.Commission.SaveError'), err),
    });
  };

  const describedBy = [`${id}-help`, error ? `${id}-error` : ''].join(' ').trim();
  return (
    <form
      noValidate
      data-testid="commission-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className="space-y-3"
    >
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
          <dt className="text-sm text-slate-600 dark:text-slate-300">{t('Partner.Commission.Current')}</dt>
          <dd
            className="text-xl font-semibold text-slate-900 dark:text-white"
            data-testid="commission-current"
          >
            {percent(account.commission)}
          </dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
          <dt className="text-sm text-slate-600 dark:text-slate-300">{t('Partner.Commission.Max')}</dt>
          <dd className="text-xl font-semibold text-slate-900 dark:text-white" data-testid="commission-max">
            {percent(account.maxCommission)}
          </dd>
        </div>
      </dl>
      <div>
        <label
          htmlFor={`${id}-rate`}
          className="block text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          {t('Partner.Commission.Label')}
        </label>
        <div className="flex max-w-xs items-center gap-2">
          <input
            id={`${id}-rate`}
            value={value}
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => {
              setValue(e.target.value);
              if (save.isError) save.reset();
            }}
            className={inputClass}
          />
          <span aria-hidden="true" className="mt-1 text-slate-700 dark:text-slate-300">
            %
          </span>
        </div>
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <p id={`${id}-help`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {t('Partner.Commission.Help', { max: percent(account.maxCommission) })}
        </p>
      </div>
      {serverError ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {serverError}
        </p>
      ) : null}
      <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
        {save.isPending ? <ButtonSpinner label={t('Partner.Common.Saving')} /> : null}
        {save.isPending ? t('Partner.Common.Saving') : t('Partner.Commission.Save')}
      </Button>
    </form>
  );
}
