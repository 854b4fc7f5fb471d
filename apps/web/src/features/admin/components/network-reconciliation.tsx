import type { ChainNetworkStatus } from '@vaultline/shared';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { Badge } from './admin-ui';

/**
 * The books against the chain for one network (docs/chains.md): per asset, what its addresses hold,
 * what the ledger says the house holds, what is in flight, and the difference left over (an alert).
 */
export function NetworkReconciliation({ network: n }: { network: ChainNetworkStatus }) {
  const { t } = useTranslation();
  const f = useFormat();
  const first = n.reconciliation[0];
  return (
    <div className="mt-4 border-t border-slate-100 pt-3 dark:border-slate-800" data-testid="reconciliation">
      <p className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('Admin.Networks.Books')}</p>
      {first ? (
        <>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            {t('Admin.Networks.BooksChecked', {
              at: f.dateTime(first.checkedAt),
              block: f.number(String(first.blockNumber), { maximumFractionDigits: 0 }),
            })}
          </p>
          <section
            // A region that scrolls sideways on a phone: reachable and scrollable by keyboard.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
            tabIndex={0}
            aria-label={`${t('Admin.Networks.Books')} (${n.network})`}
            className="mt-2 overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-slate-600 dark:text-slate-400">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t('Admin.Networks.BooksAsset')}
                  </th>
                  <th scope="col" className="py-1 pr-3 text-right font-medium">
                    {t('Admin.Networks.BooksChain')}
                  </th>
                  <th scope="col" className="py-1 pr-3 text-right font-medium">
                    {t('Admin.Networks.BooksLedger')}
                  </th>
                  <th scope="col" className="py-1 pr-3 text-right font-medium">
                    {t('Admin.Networks.BooksInFlight')}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t('Admin.Networks.BooksDifference')}
                  </th>
                </tr>
              </thead>
              <tbody className="text-slate-800 dark:text-slate-200">
                {n.reconciliation.map((r) => {
                  const matches = Number(r.difference) === 0;
                  return (
                    <tr
                      key={r.ticker}
                      data-testid={`books-${r.ticker}`}
                      className="border-t border-slate-100 dark:border-slate-800"
                    >
                      <th scope="row" className="py-1 pr-3 font-medium">
                        {r.ticker}
                      </th>
                      <td className="py-1 pr-3 text-right tabular-nums">{f.amount(r.chainHeld)}</td>
                      <td className="py-1 pr-3 text-right tabular-nums">{f.amount(r.ledgerHeld)}</td>
                      <td className="py-1 pr-3 text-right tabular-nums">{f.amount(r.inFlight)}</td>
                      <td className="py-1 text-right">
                        <Badge tone={matches ? 'success' : 'danger'} testId="books-difference">
                          {matches ? t('Admin.Networks.BooksMatch') : f.amount(r.difference)}
                        </Badge>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
          {n.reconciliation.some((r) => Number(r.difference) !== 0) ? (
            <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-300">
              {t('Admin.Networks.BooksDiffer')}
            </p>
          ) : null}
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('Admin.Networks.BooksNotYet')}</p>
      )}
    </div>
  );
}
