import { type AdminChainDeposit, type AdminPayout, LIMITS, type PayoutView } from '@vaultline/shared';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/ui/page';
import {
  type PayoutAction,
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
import { BumpFeeDialog } from '../../../features/admin/components/bump-fee-dialog';
import { ChainDepositItem } from '../../../features/admin/components/chain-deposit-item';
import { DecisionDialog } from '../../../features/admin/components/decision-dialog';
import { NetworkCard } from '../../../features/admin/components/network-card';
import { Pager } from '../../../features/admin/components/pager';
import { PayoutItem } from '../../../features/admin/components/payout-item';
import { notifyFailure, notifySuccess, withReason } from '../../../features/admin/lib/errors';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

const VIEWS: (PayoutView | 'all')[] = ['waiting', 'sent', 'confirmed', 'failed', 'cancelled', 'all'];
const DONE: Record<PayoutAction, string> = {
  send: 'Admin.Networks.SentDone',
  retry: 'Admin.Networks.RetryDone',
  cancel: 'Admin.Networks.CancelDone',
  redirect: 'Admin.Networks.RedirectDone',
  bump: 'Admin.Networks.BumpDone',
};

/**
 * Back office, Networks (DECISIONS §10): each watched network (node, blocks read, lag, hot wallet),
 * the payout queue with Send, Retry, Cancel, Redirect and Bump fee (the last three in a dialog), and
 * the transfers seen with their confirmations. Read again every few seconds.
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
  const [ending, setEnding] = useState<{ payout: AdminPayout; action: 'cancel' | 'redirect' } | null>(null);
  const [bumping, setBumping] = useState<AdminPayout | null>(null);

  useEffect(() => {
    if (status.isError) notifyFailure(t('Admin.Common.Error'), t('Admin.Networks.LoadError'), status.error);
  }, [status.isError, status.error, t]);

  const act = (id: string, a: PayoutAction, feeRate?: string) =>
    action.mutate(
      { id, action: a, ...(feeRate !== undefined ? { feeRate } : {}) },
      {
        onSuccess: () => {
          notifySuccess(t('Admin.Common.Success'), t(DONE[a]));
          setEnding(null);
          setBumping(null);
          action.reset();
        },
        // A cancel, a redirect or a bump shows its failure in its dialog, which stays open.
        onError: (err) =>
          a === 'send' || a === 'retry'
            ? notifyFailure(t('Admin.Common.Error'), t('Admin.Networks.ActionError'), err)
            : undefined,
      },
    );
  const onPayoutAction = (p: AdminPayout, a: PayoutAction) => {
    if (a === 'cancel' || a === 'redirect') {
      action.reset();
      setEnding({ payout: p, action: a });
    } else if (a === 'bump') {
      action.reset();
      setBumping(p);
    } else act(p.id, a);
  };
  const endingTexts =
    ending?.action === 'redirect'
      ? { title: 'RedirectTitle', summary: 'RedirectSummary', confirm: 'RedirectConfirm' }
      : { title: 'CancelTitle', summary: 'CancelSummary', confirm: 'CancelConfirm' };

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
                <PayoutItem
                  key={p.id}
                  payout={p}
                  busy={action.isPending}
                  onAction={(a) => onPayoutAction(p, a)}
                />
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
        open={ending !== null}
        title={t(`Admin.Networks.${endingTexts.title}`)}
        summary={
          ending
            ? t(`Admin.Networks.${endingTexts.summary}`, {
                amount: f.amount(ending.payout.amount),
                ticker: ending.payout.ticker,
                address: ending.payout.toAddress,
              })
            : null
        }
        confirmLabel={t(`Admin.Networks.${endingTexts.confirm}`)}
        confirmVariant={ending?.action === 'cancel' ? 'danger' : 'primary'}
        busy={action.isPending}
        error={ending && action.isError ? withReason(t('Admin.Networks.ActionError'), action.error) : null}
        onConfirm={() => (ending ? act(ending.payout.id, ending.action) : undefined)}
        onClose={() => {
          setEnding(null);
          action.reset();
        }}
      />

      <BumpFeeDialog
        payout={bumping}
        busy={action.isPending}
        error={bumping && action.isError ? withReason(t('Admin.Networks.ActionError'), action.error) : null}
        onConfirm={(feeRate) => (bumping ? act(bumping.id, 'bump', feeRate) : undefined)}
        onClose={() => {
          setBumping(null);
          action.reset();
        }}
      />

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
