import { type AdminChainDeposit, LIMITS, type PayoutView } from '@vaultline/shared';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/ui/page';
import {
  useChainDeposits,
  useChainStatus,
  usePayoutAction,
  usePayouts,
  useRefundChainDeposit,
} from '../../../features/admin/api/chains';
import {
  EmptyBlock,
  ErrorBlock,
  FilterButtons,
  LoadingBlock,
} from '../../../features/admin/components/admin-ui';
import { ChainDepositItem } from '../../../features/admin/components/chain-deposit-item';
import { DecisionDialog } from '../../../features/admin/components/decision-dialog';
import { NetworkCard } from '../../../features/admin/components/network-card';
import { Pager } from '../../../features/admin/components/pager';
import { PayoutItem } from '../../../features/admin/components/payout-item';
import { notifyFailure, notifySuccess, withReason } from '../../../features/admin/lib/errors';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

const VIEWS: (PayoutView | 'all')[] = ['waiting', 'sent', 'confirmed', 'failed', 'all'];

/**
 * Back office, Networks (DECISIONS §10): each watched network (node, blocks read, lag, hot wallet),
 * the payout queue with Send and Retry, and the transfers seen with their confirmations. Read
 * again every few seconds.
 */
export default function AdminNetworksPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const status = useChainStatus();
  const [view, setView] = useState<PayoutView | 'all'>('waiting');
  const [payoutPage, setPayoutPage] = useState(1);
  const [depositPage, setDepositPage] = useState(1);
  const payouts = usePayouts(view, payoutPage);
  const deposits = useChainDeposits(depositPage);
  const action = usePayoutAction();
  const refund = useRefundChainDeposit();
  const [refunding, setRefunding] = useState<AdminChainDeposit | null>(null);

  useEffect(() => {
    if (status.isError) notifyFailure(t('Admin.Common.Error'), t('Admin.Networks.LoadError'), status.error);
  }, [status.isError, status.error, t]);

  const act = (id: string, a: 'send' | 'retry') =>
    action.mutate(
      { id, action: a },
      {
        onSuccess: () =>
          notifySuccess(
            t('Admin.Common.Success'),
            t(a === 'send' ? 'Admin.Networks.SentDone' : 'Admin.Networks.RetryDone'),
          ),
        onError: (err) => notifyFailure(t('Admin.Common.Error'), t('Admin.Networks.ActionError'), err),
      },
    );

  return (
    <>
      <PageHeader
        title={t('Admin.Pages.Networks.Title')}
        description={t('Admin.Pages.Networks.Description')}
      />
      {status.isPending ? (
        <LoadingBlock />
      ) : status.isError && !status.data ? (
        <ErrorBlock
          message={withReason(t('Admin.Networks.LoadError'), status.error)}
          onRetry={() => void status.refetch()}
        />
      ) : status.data.networks.length === 0 ? (
        <EmptyBlock>{t('Admin.Networks.None')}</EmptyBlock>
      ) : (
        <>
          <div className="grid gap-4 xl:grid-cols-2">
            {status.data.networks.map((n) => (
              <NetworkCard key={n.network} network={n} />
            ))}
          </div>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
            {t('Admin.Networks.Limits', {
              max: f.money(status.data.autoPayoutMaxUsd, 'USD'),
              daily: f.money(status.data.autoPayoutDailyMaxUsd, 'USD'),
            })}
          </p>
        </>
      )}

      <section aria-labelledby="payouts-title" className="mt-8">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="payouts-title" className="text-xl font-semibold text-slate-900 dark:text-white">
            {t('Admin.Networks.Payouts')}
          </h2>
          <FilterButtons
            label={t('Admin.Networks.PayoutsFilter')}
            value={view}
            onChange={(v) => {
              setView(v);
              setPayoutPage(1);
            }}
            options={VIEWS.map((v) => ({ value: v, label: t(`Admin.Networks.View.${v}`) }))}
          />
        </div>
        {payouts.isPending ? (
          <LoadingBlock />
        ) : payouts.isError && !payouts.data ? (
          <ErrorBlock
            message={withReason(t('Admin.Networks.LoadError'), payouts.error)}
            onRetry={() => void payouts.refetch()}
          />
        ) : payouts.data.items.length === 0 ? (
          <EmptyBlock>{t('Admin.Networks.NoPayouts')}</EmptyBlock>
        ) : (
          <>
            <ul className="space-y-3">
              {payouts.data.items.map((p) => (
                <PayoutItem key={p.id} payout={p} busy={action.isPending} onAction={(a) => act(p.id, a)} />
              ))}
            </ul>
            <Pager
              label={t('Admin.Networks.PayoutPages')}
              page={payoutPage}
              total={payouts.data.total}
              pageSize={payouts.data.pageSize || LIMITS.adminPageSize}
              onChange={setPayoutPage}
            />
          </>
        )}
      </section>

      <section aria-labelledby="deposits-seen-title" className="mt-8">
        <h2 id="deposits-seen-title" className="mb-3 text-xl font-semibold text-slate-900 dark:text-white">
          {t('Admin.Networks.DepositsSeen')}
        </h2>
        {deposits.isPending ? (
          <LoadingBlock />
        ) : deposits.isError && !deposits.data ? (
          <ErrorBlock
            message={withReason(t('Admin.Networks.LoadError'), deposits.error)}
            onRetry={() => void deposits.refetch()}
          />
        ) : deposits.data.items.length === 0 ? (
          <EmptyBlock>{t('Admin.Networks.NoDeposits')}</EmptyBlock>
        ) : (
          <>
            <ul className="space-y-3">
              {deposits.data.items.map((d) => (
                <ChainDepositItem key={d.id} deposit={d} onRefund={() => setRefunding(d)} />
              ))}
            </ul>
            <Pager
              label={t('Admin.Networks.DepositPages')}
              page={depositPage}
              total={deposits.data.total}
              pageSize={deposits.data.pageSize || LIMITS.adminPageSize}
              onChange={setDepositPage}
            />
          </>
        )}
      </section>

      <DecisionDialog
        open={refunding !== null}
        title={t('Admin.Networks.RefundTitle')}
        summary={
          refunding
            ? t('Admin.Networks.RefundSummary', {
                amount: f.amount(refunding.amount),
                ticker: refunding.ticker,
              })
            : null
        }
        confirmLabel={t('Admin.Networks.Refund')}
        fields={[
          {
            name: 'address',
            label: t('Admin.Networks.RefundAddress', { ticker: refunding?.ticker ?? '' }),
            mono: true,
          },
          {
            name: 'payoutHash',
            label: t('Admin.Networks.RefundHash'),
            hint: t('Admin.Networks.RefundHashHint'),
            mono: true,
          },
        ]}
        busy={refund.isPending}
        error={refund.isError ? withReason(t('Admin.Networks.ActionError'), refund.error) : null}
        onConfirm={({ values }) => {
          if (!refunding) return;
          refund.mutate(
            {
              id: refunding.id,
              address: values.address ?? '',
              ...(values.payoutHash ? { payoutHash: values.payoutHash } : {}),
            },
            {
              onSuccess: () => {
                notifySuccess(t('Admin.Common.Success'), t('Admin.Networks.RefundDone'));
                setRefunding(null);
                refund.reset();
              },
            },
          );
        }}
        onClose={() => {
          setRefunding(null);
          refund.reset();
        }}
      />
    </>
  );
}
