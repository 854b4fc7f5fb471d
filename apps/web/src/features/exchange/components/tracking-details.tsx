import { Decimal, networkName, type PublicExchange } from '@vaultline/shared';
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

/** A transaction hash, linked to the network's explorer when one is configured, and a copy button. */
function HashValue({ hash, url }: { hash: string; url: string | null }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap items-center gap-2">
      {url ? (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className={`${mono} min-w-0 flex-1 text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200`}
        >
          {hash}
          <span className="sr-only"> ({t('Tracking.Details.OpensExplorer')})</span>
        </a>
      ) : (
        <span className={`${mono} min-w-0 flex-1`}>{hash}</span>
      )}
      <CopyButton text={hash} />
    </span>
  );
}

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
      {e.network ? (
        <Row label={t('Tracking.Details.Network')}>
          {t('Tracking.Details.NetworkWatched', { network: networkName(e.network) })}
        </Row>
      ) : null}
      <Row label={t('Tracking.Details.Hash')} testId="detail-hash">
        {e.transactionHash ? (
          <HashValue hash={e.transactionHash} url={e.transactionUrl} />
        ) : (
          <span className="text-slate-500 dark:text-slate-400">
            {t(e.network ? 'Tracking.Details.NotSeenYet' : 'Tracking.Details.NoHash')}
          </span>
        )}
      </Row>
      {e.network && e.transactionHash ? (
        <Row label={t('Tracking.Details.Confirmations')} testId="detail-confirmations">
          {t('Tracking.Chain.Steps.ConfirmationsOf', {
            seen: Math.min(e.depositConfirmations ?? 0, e.requiredConfirmations ?? 0),
            count: e.requiredConfirmations ?? 0,
          })}
        </Row>
      ) : null}
      {e.payoutHash ? (
        <Row
          label={t(e.status === 0 ? 'Tracking.Details.RefundHash' : 'Tracking.Details.PayoutHash')}
          testId="detail-payout"
        >
          <HashValue hash={e.payoutHash} url={e.payoutUrl} />
        </Row>
      ) : null}
      <Row label={t('Tracking.Details.Reference')}>
        <span className={mono}>{e.id}</span>
      </Row>
    </dl>
  );
}
