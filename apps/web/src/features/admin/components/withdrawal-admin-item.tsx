import type { AdminWithdrawal } from '@vaultline/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { WithdrawalStatusBadge } from '../../withdrawals/components/withdrawal-status';
import { useAdminWithdrawalDetail } from '../api/withdrawals';
import { Detail } from './admin-ui';
import { ChainHash } from './chain-hash';

export type AdminWithdrawalDecision = 'approve' | 'reject' | 'failed' | 'sent';

/** Paid by an admin by hand: other fiat than EUR, or crypto on a network that is not watched. */
export const paidByHand = (w: AdminWithdrawal) =>
  w.kind === 'bank' ? w.ticker !== 'EUR' : w.network === null || w.reviewReasons.includes('manualNetwork');

/** The decisions an admin can take on a withdrawal in its status. */
export function decisionsFor(w: AdminWithdrawal): AdminWithdrawalDecision[] {
  if (w.status === 'review') return ['approve', 'reject'];
  if (w.status === 'queued' && paidByHand(w)) return ['sent', 'failed'];
  if (w.status === 'sending' && w.kind === 'bank') return ['failed'];
  return [];
}

/** One withdrawal of the back office's list, with why it waits and the user's recent activity. */
export function WithdrawalAdminItem({
  withdrawal: w,
  onDecide,
}: {
  withdrawal: AdminWithdrawal;
  onDecide: (w: AdminWithdrawal, kind: AdminWithdrawalDecision) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const [showActivity, setShowActivity] = useState(false);
  const money = (v: string) => `${f.number(v, { maximumFractionDigits: 20 })} ${w.ticker}`;
  return (
    <li
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
      data-testid="admin-withdrawal"
      data-id={w.id}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-semibold tabular-nums">
          {money(w.amount)}{' '}
          <span className="text-sm font-normal text-slate-600 dark:text-slate-300">
            ≈ {f.money(w.usdValue, 'USD')}
          </span>
        </p>
        <WithdrawalStatusBadge status={w.status} />
      </div>
      {w.reviewReasons.length > 0 && w.status === 'review' ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('Admin.Withdrawals.Reasons')}>
          {w.reviewReasons.map((r) => (
            <li
              key={r}
              className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200"
            >
              {t(`Withdraw.Reasons.${r}`)}
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Detail label={t('Admin.Withdrawals.User')}>
          <Link to={`/admin/user/${w.userId}`} className="text-indigo-700 underline dark:text-indigo-300">
            {w.userEmail}
          </Link>
        </Detail>
        <Detail label={t('Withdraw.To')} mono={w.kind === 'crypto'}>
          {w.kind === 'bank'
            ? `${w.holderName ?? ''} · ${w.iban ?? ''}`
            : `${w.addressLabel ? `${w.addressLabel}: ` : ''}${w.address ?? ''}${w.memo ? ` (${w.memo})` : ''}`}
        </Detail>
        <Detail label={t('Withdraw.Fee')}>{money(w.fee)}</Detail>
        <Detail label={t('Withdraw.Total')}>{money(w.total)}</Detail>
        <Detail label={t('Withdraw.Created')}>{f.dateTime(w.createdAt)}</Detail>
        {w.txHash ? (
          <Detail label={t('Withdraw.Hash')}>
            <ChainHash hash={w.txHash} url={w.explorerUrl} />
          </Detail>
        ) : null}
        {w.reference ? <Detail label={t('Withdraw.Reference')}>{w.reference}</Detail> : null}
        {w.note ? <Detail label={t('Admin.Common.Notes')}>{w.note}</Detail> : null}
        {w.decidedBy ? (
          <Detail label={t('Admin.Withdrawals.DecidedBy')}>
            {w.decidedBy}
            {w.decidedAt ? ` · ${f.dateTime(w.decidedAt)}` : ''}
          </Detail>
        ) : null}
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        {decisionsFor(w).map((d) => (
          <Button
            key={d}
            size="sm"
            variant={d === 'approve' || d === 'sent' ? 'success' : 'danger'}
            onClick={() => onDecide(w, d)}
          >
            {t(`Admin.Withdrawals.Actions.${d}`)}
          </Button>
        ))}
        {w.status === 'review' ? (
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={showActivity}
            onClick={() => setShowActivity((v) => !v)}
          >
            {t('Admin.Withdrawals.RecentActivity')}
          </Button>
        ) : null}
      </div>
      {showActivity ? <RecentActivity id={w.id} userId={w.userId} /> : null}
    </li>
  );
}

/** The user's recent deposits, conversions and withdrawals, for the review. */
function RecentActivity({ id, userId }: { id: string; userId: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const detail = useAdminWithdrawalDetail(id, true);
  if (detail.isPending) return <p className="mt-3 text-sm">{t('Admin.Common.Loading')}</p>;
  if (detail.isError)
    return <p className="mt-3 text-sm text-red-700 dark:text-red-400">{detail.error.message}</p>;
  const { recent } = detail.data;
  const groups = [
    ['deposits', recent.deposits],
    ['conversions', recent.conversions],
    ['withdrawals', recent.withdrawals.filter((x) => x.id !== id)],
  ] as const;
  const exact = (v: string) => f.number(v, { maximumFractionDigits: 20 });
  return (
    <div
      className="mt-3 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60"
      data-testid="recent-activity"
    >
      <div className="grid gap-3 md:grid-cols-3">
        {groups.map(([kind, rows]) => (
          <div key={kind}>
            <h3 className="font-semibold">{t(`Admin.Withdrawals.Recent.${kind}`)}</h3>
            {rows.length === 0 ? (
              <p className="text-slate-600 dark:text-slate-300">{t('Admin.Withdrawals.Recent.None')}</p>
            ) : (
              <ul className="mt-1 space-y-1">
                {rows.map((x) => (
                  <li key={x.id} className="tabular-nums">
                    {f.dateTime(x.createdAt)} · {exact(x.amount)} {x.ticker}
                    {x.toTicker && x.toAmount ? ` → ${exact(x.toAmount)} ${x.toTicker}` : ''} · {x.status}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
      </div>
      <Link
        to={`/admin/user/${userId}`}
        className="mt-2 inline-block text-indigo-700 underline dark:text-indigo-300"
      >
        {t('Admin.Withdrawals.OpenUser')}
      </Link>
    </div>
  );
}
