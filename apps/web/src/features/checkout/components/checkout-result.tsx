import { useQueryClient } from '@tanstack/react-query';
import { CARD_DECLINED_MESSAGE, type CheckoutStatus } from '@vaultline/shared';
import { useEffect, useState } from 'react';
import { LinkButton } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { PremiumWelcome } from './premium-welcome';
import { BigSpinner, StateIcon } from './state-icon';

/** After this long without the gateway's word, the page says it may be left. */
export const SLOW_AFTER_MS = 20_000;

/** A currency's own decimals (EUR 2, JPY 0), for "25.50 EUR"; 2 for a code Intl does not know. */
function currencyDecimals(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** Where "Try again" and "Back" lead: the premium page, or the wallets for a deposit. */
const homeOf = (c: CheckoutStatus) =>
  c.purpose === 'premium'
    ? { retry: '/premium/pay', back: '/premium', backKey: 'Checkout.Return.BackToPremium' }
    : { retry: '/wallets', back: '/wallets', backKey: 'Checkout.Return.BackToWallets' };

function Processing() {
  const { t } = useTranslation();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="space-y-4">
      <BigSpinner />
      <p className="text-lg font-medium text-slate-900 dark:text-white">{t('Checkout.Return.Processing')}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {slow ? t('Checkout.Return.Slow') : t('Checkout.Return.ProcessingHint')}
      </p>
    </div>
  );
}

function DepositCredited({ c }: { c: CheckoutStatus }) {
  const { t } = useTranslation();
  const f = useFormat();
  const qc = useQueryClient();
  // The wallets and the history read again with the credit.
  useEffect(() => {
    void qc.invalidateQueries({ queryKey: ['wallets'] });
    void qc.invalidateQueries({ queryKey: ['history'] });
  }, [qc]);
  return (
    <div className="space-y-4">
      <h2 className="text-2xl font-bold text-slate-900 dark:text-white">
        {t('Checkout.Return.DepositTitle')}
      </h2>
      <p data-testid="checkout-credited" className="text-slate-700 dark:text-slate-300">
        {t('Checkout.Return.DepositText', {
          amount: f.amount(c.amount, currencyDecimals(c.currency)),
          currency: c.currency,
        })}
      </p>
      <LinkButton to="/wallets" size="lg">
        {t('Checkout.Return.ToWallets')}
      </LinkButton>
    </div>
  );
}

function Declined({ c }: { c: CheckoutStatus }) {
  const { t } = useTranslation();
  const home = homeOf(c);
  // The test gateway's standard refusal reads in the user's language; any other as the gateway says.
  const reason =
    c.message === CARD_DECLINED_MESSAGE
      ? t('Funding.Errors.CardDeclined')
      : (c.message ?? t('Checkout.Return.DeclinedGeneric'));
  return (
    <div className="space-y-4">
      <h2 className="text-2xl font-bold text-slate-900 dark:text-white">
        {t('Checkout.Return.DeclinedTitle')}
      </h2>
      <p data-testid="checkout-declined" className="text-slate-700 dark:text-slate-300">
        {reason}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <LinkButton to={home.retry} size="lg">
          {t('Checkout.Return.TryAgain')}
        </LinkButton>
      </div>
    </div>
  );
}

function Cancelled({ c }: { c: CheckoutStatus }) {
  const { t } = useTranslation();
  const home = homeOf(c);
  return (
    <div className="space-y-4">
      <h2 className="text-2xl font-bold text-slate-900 dark:text-white">
        {t('Checkout.Return.CancelledTitle')}
      </h2>
      <p className="text-slate-700 dark:text-slate-300">{t('Checkout.Return.Cancelled')}</p>
      <LinkButton to={home.back} variant="secondary" size="lg">
        {t(home.backKey)}
      </LinkButton>
    </div>
  );
}

/** The checkout's state as the server knows it from the gateway's webhook. */
export function CheckoutResult({ checkout: c }: { checkout: CheckoutStatus }) {
  return (
    <div
      data-testid="checkout-state"
      data-state={c.status}
      aria-live="polite"
      className="space-y-4 text-center"
    >
      {c.status === 'processing' ? (
        <Processing />
      ) : c.status === 'succeeded' ? (
        <>
          <StateIcon tone="success" />
          {c.purpose === 'premium' ? <PremiumWelcome /> : <DepositCredited c={c} />}
        </>
      ) : c.status === 'declined' ? (
        <>
          <StateIcon tone="danger" />
          <Declined c={c} />
        </>
      ) : (
        <>
          <StateIcon tone="neutral" />
          <Cancelled c={c} />
        </>
      )}
    </div>
  );
}
