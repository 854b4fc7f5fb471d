import type { AdminExchange } from '@vaultline/shared';
import { Fragment, useState } from 'react';
import { cn } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { type ExchangeAction, exchangeStatusView, hashPrefix, maskEmail } from '../lib/exchange-view';
import { formatTime } from '../lib/format-time';
import { Badge } from './admin-ui';
import { ExchangeDetails } from './exchange-details';

interface Props {
  rows: AdminExchange[];
  /** Approved and rejected lists show a badge with the start of the hash. */
  hashBadge?: boolean;
  caption: string;
  onAction: (exchange: AdminExchange, action: ExchangeAction) => void;
}

// Below md the table is a stack of cards: header hidden, each cell labelled by data-label.
const td =
  'block px-4 py-1 text-sm md:table-cell md:py-3 md:align-top before:mr-2 before:font-medium before:text-slate-500 before:content-[attr(data-label)] md:before:content-none dark:before:text-slate-400';

/** spec-2 §2: the 7-column expandable list of anonymous exchanges. */
export function ExchangeTable({ rows, hashBadge, caption, onAction }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [shownEmails, setShownEmails] = useState<Set<string>>(new Set());
  const flip = (set: Set<string>, id: string) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  };

  const head = [
    t('Admin.Exchanges.Columns.Email'),
    t('Admin.Exchanges.Columns.From'),
    t('Admin.Exchanges.Columns.To'),
    t('Admin.Exchanges.Columns.Amount'),
    t('Admin.Exchanges.Columns.Rate'),
    t('Admin.Exchanges.Columns.Date'),
    t('Admin.Exchanges.Columns.Status'),
  ] as const;

  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <table className="block w-full text-left md:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="sr-only md:not-sr-only md:table-header-group">
          <tr className="border-b border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800/60">
            {head.map((h) => (
              <th
                key={h}
                scope="col"
                className="px-4 py-3 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-200 md:table-row-group dark:divide-slate-700">
          {rows.map((e) => {
            const expanded = open.has(e.id);
            const emailShown = shownEmails.has(e.id);
            const status = exchangeStatusView(e.status);
            const detailsId = `exchange-details-${e.id}`;
            return (
              <Fragment key={e.id}>
                <tr
                  data-testid="exchange-row"
                  data-id={e.id}
                  className={cn(
                    'block py-2 md:table-row md:py-0',
                    expanded && 'bg-slate-50 dark:bg-slate-800/40',
                  )}
                >
                  <td className={td} data-label={head[0]}>
                    <button
                      type="button"
                      aria-expanded={expanded}
                      aria-controls={expanded ? detailsId : undefined}
                      onClick={() => setOpen((s) => flip(s, e.id))}
                      className="inline-flex max-w-full items-center gap-2 rounded text-left font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
                    >
                      <span
                        aria-hidden="true"
                        className={cn('transition-transform', expanded && 'rotate-90')}
                      >
                        ▸
                      </span>
                      <span className="break-all">{maskEmail(e.userEmail)}</span>
                      <span className="sr-only">{t('Admin.Exchanges.ToggleDetails')}</span>
                    </button>
                  </td>
                  <td className={td} data-label={head[1]}>
                    {e.sourceWallet.ticker}
                  </td>
                  <td className={td} data-label={head[2]}>
                    {e.destinationWallet.ticker}
                  </td>
                  <td className={cn(td, 'tabular-nums')} data-label={head[3]}>
                    {f.amount(e.amount)} {e.sourceWallet.ticker}
                    <span className="block text-slate-600 md:text-xs dark:text-slate-400">
                      ≈ {f.amount(e.destinationAmount)} {e.destinationWallet.ticker}
                    </span>
                  </td>
                  <td className={cn(td, 'tabular-nums')} data-label={head[4]}>
                    {f.rate(e.exchangeRate)}
                  </td>
                  <td className={td} data-label={head[5]}>
                    {f.date(e.creationDate)}{' '}
                    <span className="text-slate-600 md:block md:text-xs dark:text-slate-400">
                      {formatTime(e.creationDate, f.lang)}
                    </span>
                  </td>
                  <td className={td} data-label={head[6]}>
                    <span className="inline-flex flex-wrap gap-1 align-middle">
                      <Badge tone={status.tone} testId="exchange-status">
                        {t(`Exchange.Status.${status.key}`)}
                      </Badge>
                      {hashBadge && e.transactionHash ? (
                        <Badge tone="info" className="font-mono" testId="hash-badge">
                          {hashPrefix(e.transactionHash)}
                        </Badge>
                      ) : null}
                    </span>
                  </td>
                </tr>
                {expanded ? (
                  <tr id={detailsId} className="block bg-slate-50 md:table-row dark:bg-slate-800/40">
                    <td colSpan={7} className="block px-4 pt-1 pb-4 md:table-cell">
                      <ExchangeDetails
                        exchange={e}
                        emailShown={emailShown}
                        onShowEmail={() => setShownEmails((s) => flip(s, e.id))}
                        onAction={onAction}
                      />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
