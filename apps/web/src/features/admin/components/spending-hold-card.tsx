import type { SpendingHold } from '@vaultline/shared';
import { Link } from 'react-router';
import { Button } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { Badge, Detail } from './admin-ui';

/** A spending hold (always money of a card payment, so a currency): what the user owes, why, since when; Clear while open, the note once cleared. */
export function SpendingHoldCard({
  hold: h,
  onClear,
}: {
  hold: SpendingHold;
  onClear: (h: SpendingHold) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const name = `${h.user.firstName} ${h.user.lastName}`.trim();
  return (
    <li
      data-testid={`spending-hold-${h.id}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-lg font-semibold text-slate-900 dark:text-white">
            {f.money(h.amount, h.ticker)}
          </p>
          <Link
            to={`/admin/user/${h.userId}`}
            className="font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
          >
            {name || h.user.email}
          </Link>
          {name ? (
            <p className="text-sm break-all text-slate-600 dark:text-slate-300">{h.user.email}</p>
          ) : null}
        </div>
        {h.clearedAt ? (
          <Badge tone="success">{t('Admin.SpendingHolds.Cleared')}</Badge>
        ) : (
          <Badge tone="warning">{t('Admin.SpendingHolds.Open')}</Badge>
        )}
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <Detail label={t('Admin.SpendingHolds.Reason')}>
          {t(`Admin.SpendingHolds.Reasons.${h.reason}`)}
        </Detail>
        <Detail label={t('Admin.SpendingHolds.Since')}>{f.dateTime(h.createdAt)}</Detail>
        {h.clearedAt ? (
          <>
            <Detail label={t('Admin.SpendingHolds.ClearedAt')}>{f.dateTime(h.clearedAt)}</Detail>
            <Detail label={t('Admin.SpendingHolds.Note')}>
              <span className="break-words">{h.note}</span>
            </Detail>
          </>
        ) : null}
      </dl>
      {h.clearedAt ? null : (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => onClear(h)}>
            {t('Admin.SpendingHolds.Clear')}
          </Button>
        </div>
      )}
    </li>
  );
}
