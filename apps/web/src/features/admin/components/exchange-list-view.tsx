import type { AdminExchange } from '@vaultline/shared';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import type { PageCursor, ShownPage } from '../../../lib/page-cursor';
import { type ExchangeList, useExchangeDecision, useExchangePage } from '../api/exchanges';
import { notifyFailure, notifySuccess, withReason } from '../lib/errors';
import type { ExchangeAction } from '../lib/exchange-view';
import { pageCount } from '../lib/pager';
import { LIST_LOADING_TIMEOUT_MS, useTimedOut } from '../lib/use-timed-out';
import { EmptyBlock, ErrorBlock, LoadingBlock } from './admin-ui';
import { DecisionDialog, type DecisionField } from './decision-dialog';
import { ExchangeTable } from './exchange-table';
import { Pager } from './pager';

const LIST_KEY: Record<ExchangeList, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

interface Props {
  list: ExchangeList;
  page: number;
  /** Opens the page from its neighbour's cursor (use-page-param.ts). */
  cursor?: PageCursor | undefined;
  onPage: (page: number, shown?: ShownPage) => void;
}

/** One of the three lists of anonymous exchanges (spec-2 §2, §4): 10 a page, decisions in a dialog. */
export function ExchangeListView({ list, page, cursor, onPage }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const data = useExchangePage(list, page, cursor);
  const decision = useExchangeDecision();
  const timedOut = useTimedOut(data.isPending, LIST_LOADING_TIMEOUT_MS);
  const [open, setOpen] = useState<{ exchange: AdminExchange; action: ExchangeAction } | null>(null);
  const name = LIST_KEY[list];

  useEffect(() => {
    if (data.isError)
      notifyFailure(t('Admin.Common.Error'), t(`Admin.Exchanges.LoadError${name}`), data.error);
  }, [data.isError, data.error, name, t]);
  useEffect(() => {
    if (timedOut) notifyFailure(t('Admin.Common.Error'), t('Admin.Exchanges.LoadTimeout'));
  }, [timedOut, t]);

  // Rows leave a list when decided: a page past the end moves back to the last one.
  const total = data.data?.total;
  useEffect(() => {
    if (total === undefined) return;
    const last = pageCount(total, data.data?.pageSize ?? 10);
    if (page > last) onPage(last);
  }, [total, page, onPage, data.data?.pageSize]);

  const close = () => {
    setOpen(null);
    decision.reset();
  };
  const errorKey = (action: ExchangeAction) =>
    action === 'reject' || action === 'refund'
      ? 'Admin.Exchanges.RejectError'
      : 'Admin.Exchanges.ApproveError';
  const failure = (action: ExchangeAction, err: unknown) =>
    err instanceof ApiRequestError && err.status === 404
      ? t('Admin.Exchanges.NotFound')
      : withReason(t(errorKey(action)), err);

  const confirm = (notes: string, values: Record<string, string>) => {
    if (!open) return;
    const { exchange, action } = open;
    decision.mutate(
      {
        exchange,
        kind: action,
        notes,
        amountReceived: values.amountReceived,
        payoutHash: values.payoutHash,
        refundAddress: values.refundAddress,
      },
      {
        onSuccess: () => {
          notifySuccess(t('Admin.Common.Success'), t(`Admin.Exchanges.Done.${action}`));
          close();
        },
      },
    );
  };

  const fields: DecisionField[] = [];
  if (open?.action === 'approve')
    fields.push({
      name: 'amountReceived',
      label: t('Admin.Exchanges.AmountReceived', { ticker: open.exchange.sourceWallet.ticker }),
      hint: t('Admin.Exchanges.AmountReceivedHint'),
      inputMode: 'decimal',
    });
  if (open?.action === 'approve' || open?.action === 'requote' || open?.action === 'refund')
    fields.push({
      name: 'payoutHash',
      label: t('Admin.Exchanges.PayoutHashLabel'),
      hint: t('Admin.Exchanges.PayoutHashHint'),
      mono: true,
    });
  if (open?.action === 'refund' && !open.exchange.refundWalletAddress)
    fields.push({
      name: 'refundAddress',
      label: t('Admin.Exchanges.RefundAddressLabel', { ticker: open.exchange.sourceWallet.ticker }),
      mono: true,
    });

  const rows = data.data?.items ?? [];
  return (
    <>
      {timedOut ? (
        <ErrorBlock message={t('Admin.Exchanges.LoadTimeout')} onRetry={() => void data.refetch()} />
      ) : data.isPending ? (
        <LoadingBlock />
      ) : data.isError && !data.data ? (
        <ErrorBlock
          message={withReason(t(`Admin.Exchanges.LoadError${name}`), data.error)}
          onRetry={() => void data.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyBlock>{t(`Admin.Exchanges.Empty${name}`)}</EmptyBlock>
      ) : (
        <div aria-busy={data.isPlaceholderData || undefined}>
          <ExchangeTable
            rows={rows}
            hashBadge={list !== 'pending'}
            caption={t(`Admin.Pages.${name}Transactions.Title`)}
            onAction={(exchange, action) => setOpen({ exchange, action })}
          />
          <Pager
            label={t('Admin.Exchanges.Pages')}
            page={page}
            total={data.data?.total ?? 0}
            pageSize={data.data?.pageSize ?? 10}
            onChange={(p) => onPage(p, data.data)}
          />
        </div>
      )}
      <DecisionDialog
        open={open !== null}
        title={open ? t(`Admin.Exchanges.DialogTitle.${open.action}`) : ''}
        summary={
          open
            ? t('Admin.Exchanges.DialogSummary', {
                amount: f.amount(open.exchange.amount),
                from: open.exchange.sourceWallet.ticker,
                destination: f.amount(open.exchange.destinationAmount),
                to: open.exchange.destinationWallet.ticker,
              })
            : null
        }
        confirmLabel={open ? t(`Admin.Exchanges.Actions.${open.action}`) : ''}
        confirmVariant={
          open?.action === 'reject' ? 'danger' : open?.action === 'approve' ? 'success' : 'primary'
        }
        notes={{ label: t('Admin.Exchanges.NotesLabel'), max: 1000 }}
        fields={fields}
        busy={decision.isPending}
        error={open && decision.isError ? failure(open.action, decision.error) : null}
        onConfirm={({ notes, values }) => confirm(notes, values)}
        onClose={close}
      />
    </>
  );
}
