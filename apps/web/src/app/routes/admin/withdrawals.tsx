import { type AdminWithdrawal, LIMITS, WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@vaultline/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page';
import { useAdminWithdrawals, useWithdrawalAction } from '../../../features/admin/api/withdrawals';
import {
  EmptyBlock,
  ErrorBlock,
  FilterButtons,
  LoadingBlock,
} from '../../../features/admin/components/admin-ui';
import { DecisionDialog } from '../../../features/admin/components/decision-dialog';
import { Pager } from '../../../features/admin/components/pager';
import { SepaBatchesPanel } from '../../../features/admin/components/sepa-batches-panel';
import {
  type AdminWithdrawalDecision,
  WithdrawalAdminItem,
} from '../../../features/admin/components/withdrawal-admin-item';
import { WithdrawalRulesPanel } from '../../../features/admin/components/withdrawal-rules-panel';
import { notifyFailure, notifySuccess, withReason } from '../../../features/admin/lib/errors';
import { usePageParam } from '../../../features/admin/lib/use-page-param';
import { ApiRequestError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

type Tab = 'list' | 'sepa' | 'rules';
type Filter = WithdrawalStatus | 'all';

/**
 * Back office: withdrawals (issue 31 point 7). The review queue first (why each waits, the user's
 * recent activity, approve with the second factor or reject with a note), every status behind a
 * filter with keyset paging, the SEPA files of EUR withdrawals, and the per-asset rules.
 */
export default function AdminWithdrawalsPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const tab = (['list', 'sepa', 'rules'] as const).find((x) => x === params.get('tab')) ?? 'list';
  const [filter, setFilter] = useState<Filter>('review');
  const { page, cursor, onPage } = usePageParam();
  const list = useAdminWithdrawals(filter === 'all' ? null : filter, page, cursor);
  const action = useWithdrawalAction();
  const [deciding, setDeciding] = useState<{ w: AdminWithdrawal; kind: AdminWithdrawalDecision } | null>(
    null,
  );
  const [fieldError, setFieldError] = useState<string | null>(null);

  useEffect(() => {
    if (list.isError) notifyFailure(t('Admin.Common.Error'), t('Admin.Withdrawals.LoadError'), list.error);
  }, [list.isError, list.error, t]);

  const close = () => {
    action.reset();
    setFieldError(null);
    setDeciding(null);
  };
  const kind = deciding?.kind;
  const byHash = deciding?.w.kind === 'crypto';
  const actionError =
    fieldError ??
    (action.isError && !(action.error instanceof ApiRequestError && action.error.code === 'TWO_FACTOR_NEEDED')
      ? withReason(t('Admin.Withdrawals.ActionError'), action.error)
      : null);

  return (
    <>
      <PageHeader
        title={t('Admin.Pages.Withdrawals.Title')}
        description={t('Admin.Pages.Withdrawals.Description')}
      />
      <div className="mb-6">
        <FilterButtons<Tab>
          label={t('Admin.Withdrawals.Sections')}
          value={tab}
          onChange={(v) => setParams(v === 'list' ? {} : { tab: v }, { replace: true })}
          options={[
            { value: 'list', label: t('Admin.Withdrawals.Tabs.List') },
            { value: 'sepa', label: t('Admin.Withdrawals.Tabs.Sepa') },
            { value: 'rules', label: t('Admin.Withdrawals.Tabs.Rules') },
          ]}
        />
      </div>
      {tab === 'sepa' ? (
        <SepaBatchesPanel />
      ) : tab === 'rules' ? (
        <WithdrawalRulesPanel />
      ) : (
        <>
          <div className="mb-4">
            <FilterButtons<Filter>
              label={t('Admin.Withdrawals.Filter')}
              value={filter}
              onChange={(v) => {
                setFilter(v);
                onPage(1);
              }}
              options={[...WITHDRAWAL_STATUSES, 'all' as const].map((s) => ({
                value: s,
                label: s === 'all' ? t('Admin.Withdrawals.All') : t(`Withdraw.Status.${s}`),
              }))}
            />
          </div>
          {list.isPending ? (
            <LoadingBlock />
          ) : list.isError && !list.data ? (
            <ErrorBlock
              message={withReason(t('Admin.Withdrawals.LoadError'), list.error)}
              onRetry={() => void list.refetch()}
            />
          ) : list.data.items.length === 0 ? (
            <EmptyBlock>
              {t(filter === 'review' ? 'Admin.Withdrawals.EmptyReview' : 'Admin.Withdrawals.Empty')}
            </EmptyBlock>
          ) : (
            <>
              <ul className="space-y-3" aria-busy={list.isFetching}>
                {list.data.items.map((w) => (
                  <WithdrawalAdminItem
                    key={w.id}
                    withdrawal={w}
                    onDecide={(x, k) => setDeciding({ w: x, kind: k })}
                  />
                ))}
              </ul>
              <Pager
                page={page}
                total={list.data.total}
                pageSize={LIMITS.adminPageSize}
                label={t('Admin.Withdrawals.Pager')}
                onChange={(p) => onPage(p, { page, before: list.data.before, after: list.data.after })}
              />
            </>
          )}
        </>
      )}
      <DecisionDialog
        open={deciding !== null}
        title={kind ? t(`Admin.Withdrawals.Dialog.${kind}`) : ''}
        summary={
          deciding
            ? t('Admin.Withdrawals.Dialog.Summary', {
                amount: `${f.number(deciding.w.amount, { maximumFractionDigits: 20 })} ${deciding.w.ticker}`,
                email: deciding.w.userEmail,
              })
            : null
        }
        notes={
          kind === 'sent'
            ? undefined
            : {
                label: t('Admin.Common.Notes'),
                required: kind !== 'approve',
                requiredMessage: t('Admin.Withdrawals.NoteRequired'),
                max: 500,
              }
        }
        fields={
          kind === 'sent'
            ? [
                byHash
                  ? { name: 'txHash', label: t('Admin.Withdrawals.TxHash'), mono: true }
                  : { name: 'reference', label: t('Admin.Withdrawals.BankReference') },
              ]
            : []
        }
        confirmLabel={kind ? t(`Admin.Withdrawals.Actions.${kind}`) : ''}
        confirmVariant={kind === 'approve' || kind === 'sent' ? 'success' : 'danger'}
        busy={action.isPending}
        error={actionError}
        onConfirm={({ notes, values }) => {
          if (!deciding || !kind) return;
          const id = deciding.w.id;
          if (kind === 'sent' && !(values.txHash || values.reference)) {
            setFieldError(
              t(byHash ? 'Admin.Withdrawals.HashRequired' : 'Admin.Withdrawals.ReferenceRequired'),
            );
            return;
          }
          setFieldError(null);
          const done = () => {
            notifySuccess(t('Admin.Common.Success'), t(`Admin.Withdrawals.Done.${kind}`));
            close();
          };
          if (kind === 'sent') {
            action.mutate(
              byHash ? { kind, id, txHash: values.txHash } : { kind, id, reference: values.reference },
              { onSuccess: done },
            );
          } else action.mutate({ kind, id, note: notes }, { onSuccess: done });
        }}
        onClose={close}
      />
    </>
  );
}
