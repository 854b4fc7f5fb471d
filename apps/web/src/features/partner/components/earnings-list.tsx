import { Decimal } from '@vaultline/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { usePartnerEarnings, useWithdrawEarnings } from '../api/earnings';
import { notifyFailure, notifySuccess, withReason } from '../lib/notify';
import { ButtonSpinner, Empty, LoadError, Loading } from './ui';

/** Earnings per asset, each with "Move to my wallet" while something is available. */
export function EarningsList() {
  const { t } = useTranslation();
  const f = useFormat();
  const earnings = usePartnerEarnings();
  const withdraw = useWithdrawEarnings();
  const [moving, setMoving] = useState<string | null>(null);

  if (earnings.isPending) return <Loading />;
  if (earnings.isError)
    return (
      <LoadError
        message={withReason(t('Partner.Earnings.LoadError'), earnings.error)}
        onRetry={() => void earnings.refetch()}
      />
    );
  if (earnings.data.length === 0) return <Empty>{t('Partner.Earnings.Empty')}</Empty>;

  const move = (assetId: string, ticker: string) => {
    setMoving(assetId);
    withdraw.mutate(assetId, {
      // The answer names the amount actually moved (more may have been earned since the list was read).
      onSuccess: (moved) =>
        notifySuccess(
          t('Partner.Earnings.MovedTitle'),
          t('Partner.Earnings.Moved', { amount: `${f.amount(moved.amount)} ${ticker}` }),
        ),
      onError: (err) => notifyFailure(t('Partner.Common.Error'), t('Partner.Earnings.MoveError'), err),
      onSettled: () => setMoving(null),
    });
  };

  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('Partner.Earnings.Title')}</caption>
        <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-300">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t('Partner.Earnings.Asset')}
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">
              {t('Partner.Earnings.Available')}
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">
              {t('Partner.Earnings.Total')}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              <span className="sr-only">{t('Partner.Common.Actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {earnings.data.map((e) => {
            const busy = moving === e.assetId;
            const nothing = new Decimal(e.available).lte(0);
            return (
              <tr key={e.assetId} data-testid="earning-row">
                <th scope="row" className="py-3 pr-4 font-semibold text-slate-900 dark:text-white">
                  {e.ticker}
                </th>
                <td className="py-3 pr-4 text-right font-mono tabular-nums text-slate-900 dark:text-slate-100">
                  {f.amount(e.available)}
                </td>
                <td className="py-3 pr-4 text-right font-mono tabular-nums text-slate-700 dark:text-slate-300">
                  {f.amount(e.total)}
                </td>
                <td className="py-3 text-right">
                  {nothing ? (
                    <span className="text-slate-600 dark:text-slate-400">
                      {t('Partner.Earnings.NothingToMove')}
                    </span>
                  ) : (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={moving !== null}
                      aria-busy={busy || undefined}
                      aria-label={t('Partner.Earnings.MoveNamed', { ticker: e.ticker })}
                      onClick={() => move(e.assetId, e.ticker)}
                    >
                      {busy ? <ButtonSpinner label={t('Partner.Common.Working')} /> : null}
                      {t('Partner.Earnings.Move')}
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
