import { Button, Card, Spinner } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';
// intl-format, not format: My account's first load must not bring decimal.js (budgets.json).
import { formatDate, formatMoney } from '../../../lib/intl-format';
import { useReceipts } from '../api/premium-api';
import { cardLabel } from '../lib/card-label';

/**
 * My account's premium payments (DECISIONS §7): each payment's date, amount and currency, the card
 * (brand and last 4 digits, all we keep) and "Refunded" once refunded. Loaded on its own: a failure
 * here does not hide the rest of the page.
 */
export function ReceiptsSection() {
  const { t, i18n } = useTranslation();
  const receipts = useReceipts();
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('MyAccount.Receipts.Title')}</h2>
      {receipts.isPending ? (
        <div className="mt-3">
          <Spinner label={t('MyAccount.Receipts.Loading')} />
        </div>
      ) : receipts.isError ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p role="alert" className="text-red-700 dark:text-red-400">
            {t('MyAccount.Receipts.LoadError')}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void receipts.refetch()}>
            {t('MyAccount.Retry')}
          </Button>
        </div>
      ) : receipts.data.length === 0 ? (
        <p className="mt-3 text-slate-600 italic dark:text-slate-400">{t('MyAccount.Receipts.None')}</p>
      ) : (
        <ul data-testid="receipts" className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {receipts.data.map((r) => {
            const card = cardLabel(r.cardBrand, r.cardLast4, t);
            return (
              <li
                key={r.id}
                data-testid="receipt"
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5"
              >
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900 dark:text-slate-100">
                    {formatMoney(r.amount, r.currency, i18n.language)}
                  </span>
                  <span className="block text-sm text-slate-600 dark:text-slate-400">
                    <time dateTime={r.paidAt}>{formatDate(r.paidAt, 'long', i18n.language)}</time>
                    {card ? ` · ${card}` : ''}
                  </span>
                </span>
                {r.refundedAt ? (
                  <span
                    data-testid="receipt-refunded"
                    className="inline-flex shrink-0 items-center rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-medium text-indigo-800 ring-1 ring-indigo-600/30 ring-inset dark:bg-indigo-900/50 dark:text-indigo-200"
                  >
                    {t('MyAccount.Receipts.Refunded')}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
