import type { PremiumSubscription } from '@vaultline/shared';
import { formatLongDate } from '../../../lib/date-input';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { cardLabel } from '../lib/card-label';

/** The last day of premium a cancel keeps: the grace period's end when a renewal failed. */
export const paidUntil = (s: PremiumSubscription): string =>
  s.status === 'past_due' && s.graceUntil ? s.graceUntil : s.renewalDate;

/** Premium still runs (active or in its grace period): its details, notices and actions apply. */
export const isRunning = (s: PremiumSubscription | null | undefined): s is PremiumSubscription =>
  s?.status === 'active' || s?.status === 'past_due';

/** A notice above the details: a failed renewal (with its grace period), or the end after a cancel. */
function Notice({ s }: { s: PremiumSubscription }) {
  const { t, i18n } = useTranslation();
  if (s.status === 'past_due')
    return (
      <p
        role="alert"
        data-testid="subscription-past-due"
        className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
      >
        {t('Premium.Manage.PastDue', { date: formatLongDate(paidUntil(s), i18n.language) })}
      </p>
    );
  if (s.cancelAtPeriodEnd)
    return (
      <p
        data-testid="subscription-ends"
        className="mb-4 rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
      >
        {t('Premium.Manage.EndsNotice', { date: formatLongDate(s.renewalDate, i18n.language) })}
      </p>
    );
  return null;
}

/** The subscription's dates, price and card (last 4 digits only), with its notice if any. */
export function SubscriptionDetails({ s }: { s: PremiumSubscription }) {
  const { t, i18n } = useTranslation();
  const card = cardLabel(s.cardBrand, s.cardLast4, t);
  const rows: [string, string][] = [
    [t('Premium.Manage.Started'), formatLongDate(s.startDate, i18n.language)],
    s.cancelAtPeriodEnd
      ? [t('Premium.Manage.EndsOn'), formatLongDate(s.renewalDate, i18n.language)]
      : [t('Premium.Manage.Renewal'), formatLongDate(s.renewalDate, i18n.language)],
    [
      t('Premium.Manage.Amount'),
      `${formatMoney(s.amount, s.currency, i18n.language, { maximumFractionDigits: 0 })} ${t('Premium.Card.Frequency')}`,
    ],
  ];
  if (card) rows.push([t('Premium.Manage.Card'), card]);
  return (
    <>
      <Notice s={s} />
      <dl data-testid="subscription-details" className="divide-y divide-slate-200 dark:divide-slate-700">
        {rows.map(([k, v]) => (
          <div key={k} className="grid grid-cols-[minmax(7rem,auto)_1fr] items-baseline gap-4 py-2">
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{k}</dt>
            <dd className="text-slate-900 dark:text-slate-100">{v}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
