import { cardDepositRequestSchema, type Wallet } from '@vaultline/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '../../../components/ui';
import { notify } from '../../../lib/notify';
import { useCardDeposit } from '../api/card-deposit';
import { Field } from './field';
import { ModalDialog } from './modal-dialog';

const EMPTY = { amount: '', cardNumber: '', expiry: '', cvc: '', holderName: '' };
type Values = typeof EMPTY;
const FIELD_ERROR: Record<keyof Values, string> = {
  amount: 'Funding.Errors.Amount',
  cardNumber: 'Funding.Errors.CardNumber',
  expiry: 'Funding.Errors.Expiry',
  cvc: 'Funding.Errors.Cvc',
  holderName: 'Funding.Errors.Holder',
};

/** Card deposit into a fiat wallet through the payment gateway; declines are shown in the dialog. */
export function CardDepositDialog({
  wallet,
  open,
  onClose,
}: {
  wallet: Wallet;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const pay = useCardDeposit();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values | 'server', string>>>({});
  const set = (k: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  const close = () => {
    setValues(EMPTY);
    setErrors({});
    pay.reset();
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const amount = /^\d*,\d+$/.test(values.amount.trim())
      ? values.amount.trim().replace(',', '.')
      : values.amount;
    const parsed = cardDepositRequestSchema.safeParse({ ...values, amount, assetId: wallet.id });
    if (!parsed.success) {
      const next: Partial<Record<keyof Values, string>> = {};
      for (const issue of parsed.error.issues) {
        const k = issue.path[0] as keyof Values;
        if (k in FIELD_ERROR) next[k] = t(FIELD_ERROR[k]);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    pay.mutate(parsed.data, {
      onSuccess: () => {
        notify({ title: t('Funding.Card.Success', { ticker: wallet.ticker }), severity: 'Success' });
        close();
      },
      // The gateway's answer ("Your card was declined.") is what the user needs to read.
      onError: (err) => setErrors({ server: err.message }),
    });
  };

  return (
    <ModalDialog open={open} onClose={close} title={t('Funding.Card.Title', { ticker: wallet.ticker })}>
      <form className="space-y-3" onSubmit={submit} noValidate>
        <Field
          id={`${ids}-amount`}
          label={t('Funding.Card.Amount', { ticker: wallet.ticker })}
          value={values.amount}
          onChange={set('amount')}
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount}
        />
        <Field
          id={`${ids}-number`}
          label={t('Funding.Card.Number')}
          value={values.cardNumber}
          onChange={set('cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          error={errors.cardNumber}
        />
        <div className="grid grid-cols-2 gap-3">
          <Field
            id={`${ids}-expiry`}
            label={t('Funding.Card.Expiry')}
            placeholder="MM/YY"
            value={values.expiry}
            onChange={set('expiry')}
            autoComplete="cc-exp"
            error={errors.expiry}
          />
          <Field
            id={`${ids}-cvc`}
            label={t('Funding.Card.Cvc')}
            value={values.cvc}
            onChange={set('cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            error={errors.cvc}
          />
        </div>
        <Field
          id={`${ids}-holder`}
          label={t('Funding.Card.Holder')}
          value={values.holderName}
          onChange={set('holderName')}
          autoComplete="cc-name"
          error={errors.holderName}
        />
        {errors.server ? (
          <p
            role="alert"
            className="rounded-lg bg-red-100 p-3 text-sm text-red-900 dark:bg-red-900/40 dark:text-red-100"
          >
            {errors.server}
          </p>
        ) : null}
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={close}>
            {t('Funding.Cancel')}
          </Button>
          <Button type="submit" disabled={pay.isPending}>
            {pay.isPending ? <Spinner label={t('Funding.Sending')} /> : null}
            {t('Funding.Card.Submit')}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
