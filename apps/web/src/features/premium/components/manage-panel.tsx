import { useQueryClient } from '@tanstack/react-query';
import type { PremiumSubscription } from '@vaultline/shared';
import { useState } from 'react';
import { Button, Card, Spinner } from '../../../components/ui';
import { formatLongDate } from '../../../lib/date-input';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { CheckoutError } from '../../checkout/components/pay-with-card';
import { checkoutErrorText, useHostedCheckout } from '../../checkout/lib/use-hosted-checkout';
import { openPremiumPortal, premiumKeys, useCancelPremium, useSubscription } from '../api/premium-api';
import { applySessionToken } from '../lib/apply-token';
import { ConfirmDialog } from './confirm-dialog';
import { PerksList } from './perks-list';
import { isRunning, paidUntil, SubscriptionDetails } from './subscription-details';

/** "Manage card": the gateway's page for the saved card (POST User/premium/portal). */
function ManageCardButton() {
  const { t } = useTranslation();
  const portal = useHostedCheckout(openPremiumPortal);
  return (
    <div className="space-y-2">
      <Button variant="secondary" aria-busy={portal.busy || undefined} onClick={() => portal.pay(undefined)}>
        {portal.busy ? <Spinner label={t('Premium.Manage.OpeningCard')} /> : null}
        {t('Premium.Manage.ManageCard')}
      </Button>
      <CheckoutError message={portal.error ? checkoutErrorText(portal.error, t) : null} />
    </div>
  );
}

/**
 * /premium/manage (spec-2 §2, DECISIONS §7): the perks, the subscription (renewal date, or its end
 * once cancelled; a failed renewal's grace period), "Manage card" and cancel with a confirmation.
 * Cancelling stops the renewal only: premium lasts until the date paid for, the new token keeps
 * the premium claim, and the user stays here to see "Premium ends on <date>".
 */
export function ManagePanel() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const sub = useSubscription();
  const cancel = useCancelPremium();
  const [confirming, setConfirming] = useState(false);
  const s = sub.data;

  const confirm = async () => {
    let token: string;
    try {
      token = (await cancel.mutateAsync()).jwToken;
    } catch {
      notify({
        severity: 'Error',
        title: t('Premium.Messages.Error'),
        message: t('Premium.Messages.UnsubscribeError'),
      });
      return;
    }
    // Shown at once; the server's own view follows with the new token's reload of every query.
    qc.setQueryData<PremiumSubscription | null>(premiumKeys.subscription, (old) =>
      old ? { ...old, cancelAtPeriodEnd: true, cancelledAt: new Date().toISOString() } : old,
    );
    setConfirming(false);
    notify({
      severity: 'Success',
      title: t('Premium.Messages.Success'),
      message: t('Premium.Messages.Unsubscribed'),
    });
    await applySessionToken(token);
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <h2 className="text-lg font-semibold">{t('Premium.Manage.PerksTitle')}</h2>
        <div className="mt-4">
          <PerksList detailed />
        </div>
      </Card>
      <Card className="flex flex-col">
        <h2 className="text-lg font-semibold">{t('Premium.Manage.SubscriptionTitle')}</h2>
        <div className="mt-4 flex-1">
          {sub.isPending ? (
            <Spinner label={t('Premium.Manage.Loading')} />
          ) : sub.isError ? (
            <div className="space-y-3">
              <p role="alert" className="text-red-700 dark:text-red-400">
                {t('Premium.Manage.LoadError')}
              </p>
              <Button variant="secondary" size="sm" onClick={() => void sub.refetch()}>
                {t('Premium.Manage.Retry')}
              </Button>
            </div>
          ) : isRunning(s) ? (
            <SubscriptionDetails s={s} />
          ) : (
            <p className="text-slate-600 dark:text-slate-400">{t('Premium.Manage.NoDetails')}</p>
          )}
        </div>
        {isRunning(s) ? (
          <div className="mt-6 space-y-4 border-t border-slate-200 pt-4 dark:border-slate-700">
            <ManageCardButton />
            {s.cancelAtPeriodEnd ? null : (
              <div>
                <p className="text-sm text-slate-600 dark:text-slate-400">{t('Premium.Manage.CancelHint')}</p>
                <Button variant="danger" className="mt-3" onClick={() => setConfirming(true)}>
                  {t('Premium.Manage.Cancel')}
                </Button>
              </div>
            )}
          </div>
        ) : null}
      </Card>
      <ConfirmDialog
        open={confirming}
        title={t('Premium.Manage.ConfirmTitle')}
        confirmLabel={t('Premium.Manage.ConfirmYes')}
        pending={cancel.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      >
        {s ? t('Premium.Manage.ConfirmText', { date: formatLongDate(paidUntil(s), i18n.language) }) : null}
      </ConfirmDialog>
    </div>
  );
}
