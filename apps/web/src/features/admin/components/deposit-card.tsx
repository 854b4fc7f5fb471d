import type { AdminDeposit } from '@vaultline/shared';
import { Link } from 'react-router';
import { Button } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { Badge, Detail, type Tone } from './admin-ui';

/**
 * Deposit status: 3 awaiting verification (one reported by hand; a transfer on a watched network,
 * with its confirmations, waits for the chain, never for an admin), 2 card charge in progress, 1 credited, 0 failed. */
const STATUS: Record<number, { key: string; tone: Tone }> = {
  3: { key: 'Awaiting', tone: 'warning' },
  2: { key: 'Charging', tone: 'neutral' },
  1: { key: 'Credited', tone: 'success' },
  0: { key: 'Failed', tone: 'danger' },
};
export const AWAITING_DEPOSIT = 3;
/** The name of a deposit status, under Admin.Deposits.Status. */
export const depositStatusKey = (status: number): string => STATUS[status]?.key ?? 'Unknown';

const CREDITED_DEPOSIT = 1;
/** A credited card deposit not refunded yet: support may give it back to the card. */
export const canRefund = (d: AdminDeposit) =>
  d.method === 'card' && d.status === CREDITED_DEPOSIT && !d.refundedAt;

interface Props {
  deposit: AdminDeposit;
  onDecide: (deposit: AdminDeposit, approve: boolean) => void;
  onRefund: (deposit: AdminDeposit) => void;
}

/**
 * spec-2 §2 Deposits: ticker and amount, user name, deposit id, a date with seconds; a card deposit
 * shows its card (last 4 digits), "Refunded" once refunded, else Refund while it is credited.
 */
export function DepositCard({ deposit: d, onDecide, onRefund }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const status = STATUS[d.status] ?? { key: 'Unknown', tone: 'neutral' as const };
  const name = `${d.user.firstName} ${d.user.lastName}`.trim();
  return (
    <li
      data-testid={`deposit-${d.id}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-lg font-semibold text-slate-900 dark:text-white">
            {f.amount(d.amount)} <span className="text-slate-600 dark:text-slate-300">{d.wallet.ticker}</span>
          </p>
          <Link
            to={`/admin/user/${d.userId}`}
            className="font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
          >
            {name || d.user.email}
          </Link>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Badge tone={status.tone} testId="deposit-status">
            {t(`Admin.Deposits.Status.${status.key}`)}
          </Badge>
          {d.refundedAt ? (
            <Badge tone="info" testId="deposit-refunded">
              {t('Admin.Deposits.RefundedBadge')}
            </Badge>
          ) : null}
        </div>
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <Detail label={t('Admin.Deposits.Date')}>{f.dateTime(d.date, { seconds: true })}</Detail>
        <Detail label={t('Admin.Deposits.Method')}>{t(`Admin.Deposits.Methods.${d.method}`)}</Detail>
        <Detail label={t('Admin.Deposits.Id')} mono>
          {d.id}
        </Detail>
        {d.transactionHash ? (
          <Detail label={t('Admin.Deposits.Hash')} mono>
            {d.transactionHash}
          </Detail>
        ) : null}
        {d.cardLast4 ? (
          <Detail label={t('Admin.Deposits.Card')}>
            {d.cardBrand ?? ''} •••• {d.cardLast4}
          </Detail>
        ) : null}
        {d.refundedAt ? (
          <Detail label={t('Admin.Deposits.RefundedAt')}>
            {f.dateTime(d.refundedAt, { seconds: true })}
          </Detail>
        ) : null}
        {d.adminNotes ? <Detail label={t('Admin.Deposits.Notes')}>{d.adminNotes}</Detail> : null}
      </dl>
      {d.status === AWAITING_DEPOSIT && d.requiredConfirmations === null ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="success" size="sm" onClick={() => onDecide(d, true)}>
            {t('Admin.Common.Approve')}
          </Button>
          <Button variant="danger" size="sm" onClick={() => onDecide(d, false)}>
            {t('Admin.Common.Reject')}
          </Button>
        </div>
      ) : canRefund(d) ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => onRefund(d)}>
            {t('Admin.Deposits.Refund')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
