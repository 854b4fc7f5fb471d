import type { PublicExchange } from '@vaultline/shared';
import { networkName } from '@vaultline/shared';
import { Button } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSendTestDeposit } from '../api/test-deposit';
import { clearServerMessage } from './manual-deposit-confirm';
import { BusySpinner } from './manual-deposit-field';
import { DepositInstructions } from './manual-deposit-instructions';

/**
 * The deposit step on a watched network (DECISIONS §10): the exchange's own address with its QR
 * code, the amount and the time left, and no hash to type: the page says it is watching the chain,
 * and moves on by itself when the deposit is seen. What arrived so far shows when part was sent. In
 * demo mode the local chain can send the deposit ("Send test deposit").
 */
export function ChainDepositPanel({
  exchange: e,
  onExpired,
}: {
  exchange: PublicExchange;
  onExpired?: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const test = useSendTestDeposit();
  const send = () => {
    if (test.isPending) return;
    test.mutate(
      { exchangeId: e.id },
      {
        onSuccess: () =>
          notify({
            title: t('ManualDeposit.Chain.TestSent'),
            message: t('ManualDeposit.Chain.TestSentText'),
            severity: 'Success',
          }),
        onError: (err) =>
          notify({
            title: t('ManualDeposit.Errors.Title'),
            message: clearServerMessage(err) ?? t('ManualDeposit.Chain.TestFailed'),
            severity: 'Error',
          }),
      },
    );
  };
  return (
    <div className="space-y-5">
      <DepositInstructions exchange={e} {...(onExpired ? { onExpired } : {})} />
      <div
        data-testid="chain-watching"
        className="flex flex-col gap-3 rounded-lg border border-indigo-200 bg-indigo-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-indigo-900 dark:bg-indigo-950/40"
      >
        <div className="flex items-start gap-3" aria-live="polite">
          <span
            aria-hidden="true"
            className="mt-1 size-4 shrink-0 animate-spin rounded-full border-2 border-indigo-300 border-t-indigo-700 motion-reduce:animate-none dark:border-indigo-700 dark:border-t-indigo-300"
          />
          <div>
            <p className="font-semibold text-indigo-950 dark:text-indigo-100">
              {e.amountReceived
                ? t('ManualDeposit.Chain.PartReceived', {
                    received: f.amount(e.amountReceived),
                    amount: f.amount(e.amount),
                    ticker: e.sourceWalletTicker,
                  })
                : t('ManualDeposit.Chain.Watching', { network: networkName(e.network) })}
            </p>
            <p className="text-sm text-indigo-900 dark:text-indigo-200">
              {t('ManualDeposit.Chain.NoHash', {
                required: e.requiredConfirmations ?? 0,
                count: e.requiredConfirmations ?? 0,
              })}
            </p>
          </div>
        </div>
        {e.testDeposit ? (
          <Button variant="secondary" onClick={send} aria-disabled={test.isPending || undefined}>
            {test.isPending ? <BusySpinner /> : null}
            {test.isPending ? t('ManualDeposit.Chain.TestSending') : t('ManualDeposit.Chain.TestDeposit')}
          </Button>
        ) : null}
      </div>
      {e.testDeposit ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">{t('ManualDeposit.Chain.TestNote')}</p>
      ) : null}
    </div>
  );
}
