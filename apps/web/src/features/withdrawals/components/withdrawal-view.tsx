import type { Withdrawal } from '@vaultline/shared';
import type { ReactNode } from 'react';
import { Button, Card } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { ButtonSpinner } from '../../admin/components/admin-ui';
import { WithdrawalStatusBadge } from './withdrawal-status';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
      <dd data-testid={testId} className="min-w-0 break-all text-slate-900 sm:text-right dark:text-slate-100">
        {children}
      </dd>
    </div>
  );
}

/**
 * One withdrawal as it goes: status, where to, amount, fee and total, the confirmations k/N and the
 * hash with its explorer link once on chain, and Cancel while nothing has left.
 */
export function WithdrawalView({
  withdrawal: w,
  onCancel,
  cancelling,
}: {
  withdrawal: Withdrawal;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const money = (v: string) => `${f.number(v, { maximumFractionDigits: 20 })} ${w.ticker}`;
  const onChain = w.requiredConfirmations !== null && w.confirmations !== null;
  const done = onChain && (w.confirmations ?? 0) >= (w.requiredConfirmations ?? 0);
  return (
    <Card className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-2xl font-semibold tabular-nums">{money(w.amount)}</p>
        <WithdrawalStatusBadge status={w.status} className="text-sm" />
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {t(`Withdraw.StatusText.${w.status}`)}
      </p>
      {w.status === 'review' && w.reviewReasons.length > 0 ? (
        <ul className="list-inside list-disc text-sm text-slate-700 dark:text-slate-300">
          {w.reviewReasons.map((r) => (
            <li key={r}>{t(`Withdraw.Reasons.${r}`)}</li>
          ))}
        </ul>
      ) : null}
      {onChain && w.status !== 'completed' ? (
        <div>
          <p className="text-sm font-medium" data-testid="withdrawal-confirmations">
            {t('Withdraw.Confirmations', { k: w.confirmations, n: w.requiredConfirmations })}
          </p>
          <progress
            className="mt-1 h-2 w-full accent-indigo-600"
            max={w.requiredConfirmations ?? 1}
            value={Math.min(w.confirmations ?? 0, w.requiredConfirmations ?? 0)}
            aria-label={t('Withdraw.ConfirmationsLabel')}
          />
          {done ? null : <span className="sr-only">{t('Withdraw.Waiting')}</span>}
        </div>
      ) : null}
      <dl className="space-y-2">
        <Row label={t('Withdraw.To')}>
          {w.kind === 'bank'
            ? t('Withdraw.BankAccount', { iban: w.iban ?? '' })
            : `${w.addressLabel ? `${w.addressLabel} · ` : ''}${w.address ?? ''}`}
        </Row>
        {w.memo ? <Row label={t('Withdraw.Book.Memo')}>{w.memo}</Row> : null}
        <Row label={t('Withdraw.Receive')}>{money(w.amount)}</Row>
        <Row label={t('Withdraw.Fee')}>{money(w.fee)}</Row>
        <Row label={t('Withdraw.Total')}>{money(w.total)}</Row>
        <Row label={t('Withdraw.Created')}>{f.dateTime(w.createdAt)}</Row>
        {w.txHash ? (
          <Row label={t('Withdraw.Hash')} testId="withdrawal-hash">
            {w.explorerUrl ? (
              <a
                href={w.explorerUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-mono text-sm text-indigo-700 underline dark:text-indigo-300"
              >
                {w.txHash}
                <span className="sr-only"> ({t('Tracking.Details.OpensExplorer')})</span>
              </a>
            ) : (
              <span className="font-mono text-sm">{w.txHash}</span>
            )}
          </Row>
        ) : null}
        {w.reference ? <Row label={t('Withdraw.Reference')}>{w.reference}</Row> : null}
        {w.completedAt ? <Row label={t('Withdraw.CompletedAt')}>{f.dateTime(w.completedAt)}</Row> : null}
      </dl>
      {w.cancellable ? (
        <div className="flex justify-end">
          <Button variant="danger" onClick={onCancel} disabled={cancelling}>
            {cancelling ? <ButtonSpinner label={t('Withdraw.Cancelling')} /> : null}
            {t('Withdraw.Cancel')}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
