import { useQueryClient } from '@tanstack/react-query';
import type { AdminDeposit } from '@vaultline/shared';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/ui/page';
import { useAdminDeposits, useDepositDecision } from '../../../features/admin/api/deposits';
import { adminKeys } from '../../../features/admin/api/keys';
import {
  EmptyBlock,
  ErrorBlock,
  FilterButtons,
  LoadingBlock,
} from '../../../features/admin/components/admin-ui';
import { DecisionDialog } from '../../../features/admin/components/decision-dialog';
import { AWAITING_DEPOSIT, DepositCard } from '../../../features/admin/components/deposit-card';
import { Pager } from '../../../features/admin/components/pager';
import { RefundDepositDialog } from '../../../features/admin/components/refund-dialog';
import { notifyFailure, notifySuccess, withReason } from '../../../features/admin/lib/errors';
import { pageCount } from '../../../features/admin/lib/pager';
import { usePageParam } from '../../../features/admin/lib/use-page-param';
import { FeedStatus, useFeedUpdates } from '../../../features/feed';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

type Filter = 'awaiting' | 'all';

/**
 * Back office, spec-2 §2 Deposits (DECISIONS §5, §7, §8): approve credits the user once, reject
 * takes notes, refund gives a credited card deposit back to the card (and debits the wallet). Paged
 * on the server (the page in ?page=); a new notice or a decision made anywhere arrives on the live
 * feed and refreshes the list.
 */
export default function AdminDepositsPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const qc = useQueryClient();
  const [filter, setFilter] = useState<Filter>('awaiting');
  const { page, cursor, onPage } = usePageParam();
  const deposits = useAdminDeposits(filter === 'awaiting' ? AWAITING_DEPOSIT : null, page, cursor);
  const decision = useDepositDecision();
  const { state } = useFeedUpdates({
    onUpdate: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.depositsAll });
      void qc.invalidateQueries({ queryKey: adminKeys.stats });
    },
  });
  const changeFilter = (next: Filter) => {
    setFilter(next);
    onPage(1);
  };

  // Rows leave the awaiting list when decided: a page past the end moves back to the last one.
  const total = deposits.data?.total;
  useEffect(() => {
    if (total === undefined) return;
    const last = pageCount(total, deposits.data?.pageSize ?? 10);
    if (page > last) onPage(last);
  }, [total, page, onPage, deposits.data?.pageSize]);
  const [open, setOpen] = useState<{ deposit: AdminDeposit; approve: boolean } | null>(null);
  const [refunding, setRefunding] = useState<AdminDeposit | null>(null);

  useEffect(() => {
    if (deposits.isError) notifyFailure(t('Admin.Common.Error'), t('Admin.Deposits.LoadError'));
  }, [deposits.isError, t]);

  const close = () => {
    setOpen(null);
    decision.reset();
  };
  const confirm = (notes: string) => {
    if (!open) return;
    const { deposit, approve } = open;
    // A failure stays in the dialog (it is modal: a notification would sit behind it).
    decision.mutate(
      { id: deposit.id, approve, notes },
      {
        onSuccess: () => {
          notifySuccess(
            t('Admin.Common.Success'),
            t(approve ? 'Admin.Deposits.Approved' : 'Admin.Deposits.Rejected'),
          );
          close();
        },
      },
    );
  };

  return (
    <>
      <PageHeader
        title={t('Admin.Pages.Deposits.Title')}
        description={t('Admin.Pages.Deposits.Description')}
        actions={
          <>
            <FeedStatus state={state} />
            <FilterButtons
              label={t('Admin.Deposits.Filter')}
              value={filter}
              onChange={changeFilter}
              options={[
                { value: 'awaiting', label: t('Admin.Deposits.FilterAwaiting') },
                { value: 'all', label: t('Admin.Deposits.FilterAll') },
              ]}
            />
          </>
        }
      />
      {deposits.isPending ? (
        <LoadingBlock />
      ) : deposits.isError ? (
        <ErrorBlock
          message={withReason(t('Admin.Deposits.LoadError'), deposits.error)}
          onRetry={() => void deposits.refetch()}
        />
      ) : deposits.data.items.length === 0 ? (
        <EmptyBlock>
          {t(filter === 'awaiting' ? 'Admin.Deposits.EmptyAwaiting' : 'Admin.Deposits.Empty')}
        </EmptyBlock>
      ) : (
        <div aria-busy={deposits.isPlaceholderData || undefined}>
          <ul className="grid gap-4 xl:grid-cols-2">
            {deposits.data.items.map((d) => (
              <DepositCard
                key={d.id}
                deposit={d}
                onDecide={(deposit, approve) => setOpen({ deposit, approve })}
                onRefund={setRefunding}
              />
            ))}
          </ul>
          <Pager
            label={t('Admin.Deposits.Pages')}
            page={page}
            total={deposits.data.total}
            pageSize={deposits.data.pageSize}
            onChange={(p) => onPage(p, deposits.data)}
          />
        </div>
      )}
      <DecisionDialog
        open={open !== null}
        title={t(open?.approve ? 'Admin.Deposits.ApproveTitle' : 'Admin.Deposits.RejectTitle')}
        summary={
          open
            ? t('Admin.Deposits.DecisionSummary', {
                amount: f.amount(open.deposit.amount),
                ticker: open.deposit.wallet.ticker,
                name: `${open.deposit.user.firstName} ${open.deposit.user.lastName}`.trim(),
              })
            : null
        }
        confirmLabel={t(open?.approve ? 'Admin.Common.Approve' : 'Admin.Common.Reject')}
        confirmVariant={open?.approve ? 'success' : 'danger'}
        {...(open && !open.approve
          ? {
              notes: {
                label: t('Admin.Common.Notes'),
                required: true,
                requiredMessage: t('Admin.Deposits.NotesRequired'),
              },
            }
          : {})}
        busy={decision.isPending}
        error={
          decision.isError
            ? withReason(
                t(open?.approve ? 'Admin.Deposits.ApproveError' : 'Admin.Deposits.RejectError'),
                decision.error,
              )
            : null
        }
        onConfirm={({ notes }) => confirm(notes)}
        onClose={close}
      />
      <RefundDepositDialog deposit={refunding} onClose={() => setRefunding(null)} />
    </>
  );
}
