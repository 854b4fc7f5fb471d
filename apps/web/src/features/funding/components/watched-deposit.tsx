import { type DepositAddress, networkName, positiveAmountSchema, type Wallet } from '@vaultline/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSendUserTestDeposit } from '../api/test-deposit';
import { DialogFormFooter } from './dialog-form-footer';
import { Field } from './field';

const normalise = (v: string) => (/^\d*,\d+$/.test(v.trim()) ? v.trim().replace(',', '.') : v.trim());

/**
 * A crypto deposit on a watched network (DECISIONS §10): the address above is the user's own, so
 * there is nothing to fill in. The transfer shows in the history with its confirmations and is
 * credited by itself. In demo mode the local chain can send one ("Send test deposit").
 */
export function WatchedDeposit({
  wallet,
  address,
  onClose,
}: {
  wallet: Wallet;
  address: DepositAddress;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const send = useSendUserTestDeposit();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = positiveAmountSchema.safeParse(normalise(amount));
    if (!parsed.success) {
      setError(t('Funding.Errors.Amount'));
      return;
    }
    setError(undefined);
    send.mutate(
      { assetId: wallet.id, amount: parsed.data },
      {
        onSuccess: () => {
          notify({
            title: t('ManualDeposit.Chain.TestSent'),
            message: t('Funding.Chain.TestSentText', {
              required: address.requiredConfirmations ?? 0,
              count: address.requiredConfirmations ?? 0,
            }),
            severity: 'Success',
          });
          onClose();
        },
      },
    );
  };

  return (
    <div className="mt-6 space-y-4">
      <p
        data-testid="watched-deposit"
        className="rounded-lg border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-950 dark:border-indigo-900 dark:bg-indigo-950/40 dark:text-indigo-100"
      >
        {t('Funding.Chain.Automatic', {
          network: networkName(address.network),
          required: address.requiredConfirmations ?? 0,
          count: address.requiredConfirmations ?? 0,
        })}
      </p>
      {address.testDeposit ? (
        <form className="space-y-3" onSubmit={submit} noValidate>
          <p className="text-xs text-slate-600 dark:text-slate-400">{t('ManualDeposit.Chain.TestNote')}</p>
          <Field
            id={`${ids}-amount`}
            label={t('Funding.Chain.TestAmount', { ticker: wallet.ticker })}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            inputMode="decimal"
            autoComplete="off"
            error={error}
          />
          <DialogFormFooter
            serverError={send.isError ? `${t('ManualDeposit.Chain.TestFailed')} ${send.error.message}` : null}
            pending={send.isPending}
            onCancel={onClose}
          >
            {t('ManualDeposit.Chain.TestDeposit')}
          </DialogFormFooter>
        </form>
      ) : null}
    </div>
  );
}
