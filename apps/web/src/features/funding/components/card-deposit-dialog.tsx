import { cardDepositRequestSchema, type Wallet } from '@vaultline/shared';
import { type FormEvent, useId, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCardDeposit } from '../api/card-deposit';
import { DialogFormFooter } from './dialog-form-footer';
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

const GATEWAY_ERROR = {
  CARD_DECLINED: 'Funding.Errors.CardDeclined',
  CARD_INVALID: 'Funding.Errors.CardInvalid',
} as const;

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
      // The gateway's refusal in the user's language; anything else as the server words it.
      onError: (err) =>
        setErrors({
          server:
            err instanceof ApiRequestError && err.code in GATEWAY_ERROR
              ? t(GATEWAY_ERROR[err.code as keyof typeof GATEWAY_ERROR])
              : err.message,
        }),
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
        <DialogFormFooter serverError={errors.server} pending={pay.isPending} onCancel={close}>
          {t('Funding.Card.Submit')}
        </DialogFormFooter>
      </form>
    </ModalDialog>
  );
}
