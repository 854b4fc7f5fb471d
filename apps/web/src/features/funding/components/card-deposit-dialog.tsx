import { cardCheckoutRequestSchema, type Wallet } from '@vaultline/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { startCardCheckout } from '../../checkout/api/checkout-api';
import { CheckoutError, PayWithCardButton, SecurePageNote } from '../../checkout/components/pay-with-card';
import { checkoutErrorText, useHostedCheckout } from '../../checkout/lib/use-hosted-checkout';
import { Field } from './field';
import { ModalDialog } from './modal-dialog';

/** A French or German user may type a decimal comma. */
const normalise = (v: string) => (/^\d*,\d+$/.test(v.trim()) ? v.trim().replace(',', '.') : v.trim());

/**
 * Card deposit into a fiat wallet (DECISIONS §5, §7): the amount only, then "Pay with card" asks the
 * API for a checkout and sends the browser to the gateway's hosted page, where the card is typed.
 * The wallet is credited when the gateway's webhook confirms the payment; /payment/return shows it.
 * The server's refusals (the card limit, an amount with too many decimals) are shown here.
 */
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
  const f = useFormat();
  const ids = useId();
  const checkout = useHostedCheckout(startCardCheckout);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string>();
  const parsed = cardCheckoutRequestSchema.safeParse({ assetId: wallet.id, amount: normalise(amount) });

  const close = () => {
    setAmount('');
    setAmountError(undefined);
    checkout.reset();
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!parsed.success) {
      setAmountError(t('Funding.Errors.Amount'));
      return;
    }
    setAmountError(undefined);
    checkout.pay(parsed.data);
  };

  return (
    <ModalDialog open={open} onClose={close} title={t('Funding.Card.Title', { ticker: wallet.ticker })}>
      <form className="space-y-4" onSubmit={submit} noValidate>
        <Field
          id={`${ids}-amount`}
          label={t('Funding.Card.Amount', { ticker: wallet.ticker })}
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            setAmountError(undefined);
            if (checkout.error) checkout.reset();
          }}
          readOnly={checkout.busy}
          inputMode="decimal"
          autoComplete="off"
          error={amountError}
        />
        <p
          data-testid="card-deposit-summary"
          className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200"
        >
          {parsed.success
            ? t('Funding.Card.Summary', {
                amount: f.amount(parsed.data.amount, wallet.decimals),
                ticker: wallet.ticker,
              })
            : t('Funding.Card.SummaryEmpty', { ticker: wallet.ticker })}
        </p>
        <SecurePageNote />
        <CheckoutError message={checkout.error ? checkoutErrorText(checkout.error, t) : null} />
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            {t('Funding.Cancel')}
          </Button>
          <PayWithCardButton type="submit" busy={checkout.busy} size="md" className="sm:w-auto" />
        </div>
      </form>
    </ModalDialog>
  );
}
