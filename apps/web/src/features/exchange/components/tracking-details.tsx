import { Decimal, type PublicExchange } from '@vaultline/shared';
import type { ReactNode } from 'react';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { CopyButton } from '../../funding/components/copy-button';
import { exact } from './manual-deposit-instructions';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd data-testid={testId} className="min-w-0 text-sm font-medium text-slate-900 dark:text-slate-100">
        {children}
      </dd>
    </div>
  );
}

const mono = 'break-all font-mono text-[0.8125rem]';

/** Everything the server tells a guest about one exchange (never the e-mail address). */
export function TrackingDetails({ exchange: e }: { exchange: PublicExchange }) {
  const { t } = useTranslation();
  const f = useFormat();
  const src = e.sourceWalletTicker;
  const dst = e.destinationWalletTicker;
  const noFee = new Decimal(e.fee).isZero();
  return (
    <dl className="divide-y divide-slate-200 dark:divide-slate-700">
      <Row label={t('Tracking.Details.AmountSent')} testId="detail-amount">
        {exact(e.amount, f.lang)} {src}
      </Row>
      <Row label={t('Tracking.Details.AmountReceived')} testId="detail-receive">
        {exact(e.destinationAmount, f.lang)} {dst}
      </Row>
      <Row label={t('Tracking.Details.Rate')}>
        {t('ManualDeposit.RateValue', { left: src, rate: f.rate(e.exchangeRate), right: dst })}
      </Row>
      <Row
        label={t('Tracking.Details.Fee', {
          percent: f.number(new Decimal(e.feeRate).mul(100).toFixed(), { maximumFractionDigits: 4 }),
        })}
      >
        {noFee ? t('Tracking.Details.NoFee') : `${exact(e.fee, f.lang)} ${dst}`}
      </Row>
      <Row label={t('Tracking.Details.Created')}>{f.dateTime(e.creationDate)}</Row>
      <Row label={t('Tracking.Details.Updated')}>{f.dateTime(e.updatedAt)}</Row>
      <Row label={t('Tracking.Details.DestinationAddress', { ticker: dst })}>
        <span className={mono}>{e.destinationWalletAddress}</span>
      </Row>
      {e.destinationMemo ? (
        <Row label={t('Tracking.Details.Memo')}>
          <span className={mono}>{e.destinationMemo}</span>
        </Row>
      ) : null}
      {e.refundWalletAddress ? (
        <Row label={t('Tracking.Details.RefundAddress', { ticker: src })}>
          <span className={mono}>{e.refundWalletAddress}</span>
        </Row>
      ) : null}
      {e.senderWalletAddress ? (
        <Row label={t('Tracking.Details.SenderAddress')}>
          <span className={mono}>{e.senderWalletAddress}</span>
        </Row>
      ) : null}
      <Row label={t('Tracking.Details.DepositAddress', { ticker: src })}>
        <span className={mono}>{e.adminWalletAddress}</span>
      </Row>
      <Row label={t('Tracking.Details.Hash')} testId="detail-hash">
        {e.transactionHash ? (
          <span className="flex flex-wrap items-center gap-2">
            <span className={`${mono} min-w-0 flex-1`}>{e.transactionHash}</span>
            <CopyButton text={e.transactionHash} />
          </span>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">{t('Tracking.Details.NoHash')}</span>
        )}
      </Row>
      <Row label={t('Tracking.Details.Reference')}>
        <span className={mono}>{e.id}</span>
      </Row>
    </dl>
  );
}
