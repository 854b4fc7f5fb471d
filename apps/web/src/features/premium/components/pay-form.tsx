import { LIMITS, type PremiumCardField, premiumPurchaseRequestSchema } from '@vaultline/shared';
import { type FormEvent, type InputHTMLAttributes, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, cn, Spinner } from '../../../components/ui';
import { ApiRequestError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { usePurchasePremium } from '../api/premium-api';
import { applySessionToken } from '../lib/apply-token';
import { cardErrorKeys, formatCardNumber, formatExpiry } from '../lib/card-input';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string | undefined;
  inputClassName?: string;
}

function Field({ id, label, error, className, inputClassName, ...rest }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(
          'mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-indigo-600 dark:focus:ring-indigo-400 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400',
          error ? 'border-red-600 dark:border-red-400' : 'border-slate-500 dark:border-slate-500',
          inputClassName,
        )}
        {...rest}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Values = Record<PremiumCardField, string>;

/**
 * /premium/pay (spec-2 §2): names, card number, expiry and CVC. Checked here before anything is sent
 * (Luhn, an expiry not past, 3-4 digit CVC); the gateway's refusal is shown above the button. On
 * success the new token (premium claim) is kept and the user goes to /premium (spec-2 §4).
 */
export function PayForm({
  currency,
  firstName,
  lastName,
}: {
  currency: string;
  firstName: string;
  lastName: string;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const pay = usePurchasePremium();
  const [values, setValues] = useState<Values>({
    firstName,
    lastName,
    creditCardNumber: '',
    expiracy: '',
    cvc: '',
  });
  const [errors, setErrors] = useState<Partial<Record<PremiumCardField, string>>>({});
  const [refusal, setRefusal] = useState<string>();
  const price = formatMoney(LIMITS.premiumPrice, currency, i18n.language, { maximumFractionDigits: 0 });
  const set =
    (k: PremiumCardField, format?: (v: string, prev: string) => string) =>
    (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [k]: format ? format(e.target.value, v[k]) : e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pay.isPending) return;
    const keys = cardErrorKeys(values);
    const parsed = premiumPurchaseRequestSchema.safeParse(values);
    if (Object.keys(keys).length > 0 || !parsed.success) {
      const next: Partial<Record<PremiumCardField, string>> = {};
      for (const issue of parsed.error?.issues ?? [])
        next[issue.path[0] as PremiumCardField] = t('Premium.Pay.Errors.Invalid');
      for (const [k, key] of Object.entries(keys)) next[k as PremiumCardField] = t(key);
      setErrors(next);
      setRefusal(undefined);
      return;
    }
    setErrors({});
    setRefusal(undefined);
    try {
      const result = await pay.mutateAsync(parsed.data);
      await applySessionToken(result.jwToken);
    } catch (err) {
      const text = err instanceof ApiRequestError ? err.message : t('Premium.Messages.SubscribeError');
      setRefusal(text);
      notify({
        severity: 'Error',
        title: t('Premium.Messages.Error'),
        message: t('Premium.Messages.SubscribeError'),
      });
      return;
    }
    notify({
      severity: 'Success',
      title: t('Premium.Messages.Success'),
      message: t('Premium.Messages.Subscribed'),
    });
    await navigate('/premium');
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${id}-first`}
          label={t('Premium.Pay.FirstName')}
          autoComplete="cc-given-name"
          value={values.firstName}
          onChange={set('firstName')}
          error={errors.firstName}
        />
        <Field
          id={`${id}-last`}
          label={t('Premium.Pay.LastName')}
          autoComplete="cc-family-name"
          value={values.lastName}
          onChange={set('lastName')}
          error={errors.lastName}
        />
      </div>
      <Field
        id={`${id}-number`}
        label={t('Premium.Pay.CardNumber')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
        value={values.creditCardNumber}
        onChange={set('creditCardNumber', formatCardNumber)}
        error={errors.creditCardNumber}
        inputClassName="font-mono"
      />
      <div className="grid grid-cols-2 gap-4">
        <Field
          id={`${id}-expiry`}
          label={t('Premium.Pay.Expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('Premium.Pay.ExpiryPlaceholder')}
          value={values.expiracy}
          onChange={set('expiracy', formatExpiry)}
          error={errors.expiracy}
        />
        <Field
          id={`${id}-cvc`}
          label={t('Premium.Pay.Cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          placeholder="123"
          value={values.cvc}
          onChange={set('cvc', (v) => v.replace(/\D/g, '').slice(0, 4))}
          error={errors.cvc}
        />
      </div>
      <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        {t('Premium.Pay.Summary', { price })}
      </p>
      {refusal ? (
        <p
          role="alert"
          className="rounded-lg bg-red-100 p-3 text-sm font-medium text-red-900 dark:bg-red-900/40 dark:text-red-100"
        >
          {refusal}
        </p>
      ) : null}
      <Button
        type="submit"
        size="lg"
        className="w-full"
        aria-busy={pay.isPending || undefined}
        disabled={pay.isPending}
      >
        {pay.isPending ? <Spinner label={t('Premium.Pay.Paying')} /> : null}
        {t('Premium.Pay.Submit', { price })}
      </Button>
      <p className="text-center text-xs text-slate-600 dark:text-slate-400">
        {t('Premium.Pay.CardNotStored')}
      </p>
    </form>
  );
}
