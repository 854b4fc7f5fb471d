import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Spinner } from '../../../components/ui';
import { formatLongDate } from '../../../lib/date-input';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCancelPremium, useSubscription } from '../api/premium-api';
import { holdToken } from '../lib/held-token';
import { ConfirmDialog } from './confirm-dialog';
import { PerksList } from './perks-list';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** The subscription's dates, price and card (last 4 digits only). */
function SubscriptionDetails() {
  const { t, i18n } = useTranslation();
  const sub = useSubscription();
  if (sub.isPending) return <Spinner label={t('Premium.Manage.Loading')} />;
  if (sub.isError)
    return (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {t('Premium.Manage.LoadError')}
      </p>
    );
  const s = sub.data;
  if (s?.status !== 'active')
    return <p className="text-slate-600 dark:text-slate-400">{t('Premium.Manage.NoDetails')}</p>;
  const rows: [string, string][] = [
    [t('Premium.Manage.Started'), formatLongDate(s.startDate, i18n.language)],
    [t('Premium.Manage.Renewal'), formatLongDate(s.renewalDate, i18n.language)],
    [
      t('Premium.Manage.Amount'),
      `${formatMoney(s.amount, s.currency, i18n.language, { maximumFractionDigits: 0 })} ${t('Premium.Card.Frequency')}`,
    ],
    [
      t('Premium.Manage.Card'),
      `${BRANDS[s.cardBrand] ?? t('Premium.Manage.CardGeneric')} •••• ${s.cardLast4}`,
    ],
  ];
  return (
    <dl data-testid="subscription-details" className="divide-y divide-slate-200 dark:divide-slate-700">
      {rows.map(([k, v]) => (
        <div key={k} className="grid grid-cols-[minmax(7rem,auto)_1fr] items-baseline gap-4 py-2">
          <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{k}</dt>
          <dd className="text-slate-900 dark:text-slate-100">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /premium/manage (spec-2 §2): the perks, the subscription, and cancel with a confirmation. After
 * cancelling, the user goes to /premium (spec-2 §4), which stores the token without the premium
 * claim (held-token.ts), so this page's premium-only guard does not send them to /forbidden.
 */
export function ManagePanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cancel = useCancelPremium();
  const [confirming, setConfirming] = useState(false);

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
    setConfirming(false);
    notify({
      severity: 'Success',
      title: t('Premium.Messages.Success'),
      message: t('Premium.Messages.Unsubscribed'),
    });
    holdToken(token);
    await navigate('/premium');
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
          <SubscriptionDetails />
        </div>
        <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-700">
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('Premium.Manage.CancelHint')}</p>
          <Button variant="danger" className="mt-3" onClick={() => setConfirming(true)}>
            {t('Premium.Manage.Cancel')}
          </Button>
        </div>
      </Card>
      <ConfirmDialog
        open={confirming}
        title={t('Premium.Manage.ConfirmTitle')}
        confirmLabel={t('Premium.Manage.ConfirmYes')}
        pending={cancel.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      >
        {t('Premium.Manage.ConfirmText')}
      </ConfirmDialog>
    </div>
  );
}
