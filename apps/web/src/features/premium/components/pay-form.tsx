import type { FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { startPremiumCheckout } from '../../checkout/api/checkout-api';
import { CheckoutError, PayWithCardButton, SecurePageNote } from '../../checkout/components/pay-with-card';
import { checkoutErrorText, useHostedCheckout } from '../../checkout/lib/use-hosted-checkout';
import { usePremiumPriceText } from '../api/premium-price';
import { PerksList } from './perks-list';

/**
 * /premium/pay (DECISIONS §7): what is bought (a year of Premium at the server's price, decision 0039,
 * renewing yearly, cancellable any time, and the perks) and one "Pay with card" button. It asks the
 * API for a checkout and sends the browser to the gateway's hosted page, where the card is typed;
 * the gateway brings the user back to /payment/return.
 */
export function PayForm({ currency }: { currency: string }) {
  const { t } = useTranslation();
  const checkout = useHostedCheckout(startPremiumCheckout);
  const price = usePremiumPriceText(currency) ?? '…';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    checkout.pay(undefined);
  };

  return (
    <form onSubmit={submit} className="space-y-5">
      <div>
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('Premium.Pay.Plan')}</h2>
        <p className="mt-2 flex flex-wrap items-baseline gap-2">
          <span
            data-testid="premium-pay-price"
            className="text-4xl font-extrabold text-slate-900 dark:text-white"
          >
            {price}
          </span>
          <span className="text-slate-600 dark:text-slate-300">{t('Premium.Card.Frequency')}</span>
        </p>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('Premium.Pay.Renews')}</p>
      </div>
      <div>
        <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
          {t('Premium.Card.Included')}
        </h3>
        <div className="mt-3">
          <PerksList />
        </div>
      </div>
      <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        {t('Premium.Pay.Summary', { price })}
      </p>
      <CheckoutError message={checkout.error ? checkoutErrorText(checkout.error, t) : null} />
      <PayWithCardButton type="submit" busy={checkout.busy} />
      <SecurePageNote />
    </form>
  );
}
