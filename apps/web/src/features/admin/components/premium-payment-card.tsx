import type { AdminPremiumPayment } from '@vaultline/shared';
import { Link } from 'react-router';
import { Button } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { cardLabel } from '../../premium/lib/card-label';
import { Badge, Detail } from './admin-ui';

/** A premium payment (first year or renewal): amount, payer, date, card, and Refund or "Refunded". */
export function PremiumPaymentCard({
  payment: p,
  onRefund,
}: {
  payment: AdminPremiumPayment;
  onRefund: (payment: AdminPremiumPayment) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const name = `${p.user.firstName} ${p.user.lastName}`.trim();
  return (
    <li
      data-testid={`premium-payment-${p.id}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-lg font-semibold text-slate-900 dark:text-white">
            {f.money(p.amount, p.currency)}
          </p>
          <Link
            to={`/admin/user/${p.user.id}`}
            className="font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
          >
            {name || p.user.email}
          </Link>
          {name ? (
            <p className="text-sm break-all text-slate-600 dark:text-slate-300">{p.user.email}</p>
          ) : null}
        </div>
        {p.refundedAt ? (
          <Badge tone="info" testId="premium-payment-refunded">
            {t('Admin.PremiumPayments.RefundedBadge')}
          </Badge>
        ) : (
          <Badge tone="success">{t('Admin.PremiumPayments.Paid')}</Badge>
        )}
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <Detail label={t('Admin.PremiumPayments.Date')}>{f.dateTime(p.paidAt, { seconds: true })}</Detail>
        <Detail label={t('Admin.PremiumPayments.Card')}>
          {cardLabel(p.cardBrand, p.cardLast4, t) ?? t('Admin.PremiumPayments.NoCard')}
        </Detail>
        {p.refundedAt ? (
          <Detail label={t('Admin.PremiumPayments.RefundedAt')}>
            {f.dateTime(p.refundedAt, { seconds: true })}
          </Detail>
        ) : null}
        <Detail label={t('Admin.PremiumPayments.Id')} mono>
          {p.id}
        </Detail>
      </dl>
      {p.refundedAt ? null : (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => onRefund(p)}>
            {t('Admin.PremiumPayments.Refund')}
          </Button>
        </div>
      )}
    </li>
  );
}
