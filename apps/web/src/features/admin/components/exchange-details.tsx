import type { AdminExchange } from '@vaultline/shared';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { type ExchangeAction, exchangeActions } from '../lib/exchange-view';
import { Detail } from './admin-ui';

const ACTION_VARIANT: Record<ExchangeAction, ButtonVariant> = {
  approve: 'success',
  reject: 'danger',
  requote: 'primary',
  refund: 'secondary',
};

interface Props {
  exchange: AdminExchange;
  emailShown: boolean;
  onShowEmail: () => void;
  onAction: (exchange: AdminExchange, action: ExchangeAction) => void;
}

/**
 * spec-2 §2 expanded row: destination and sender addresses, the e-mail on demand, from/to, rate,
 * created date, transaction hash, and the decisions still open.
 */
export function ExchangeDetails({ exchange: e, emailShown, onShowEmail, onAction }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const src = e.sourceWallet.ticker;
  const dst = e.destinationWallet.ticker;
  const actions = exchangeActions(e);
  return (
    <div className="space-y-4">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Detail label={t('Admin.Exchanges.DestinationAddress')} mono>
          {e.destinationWalletAddress}
          {e.destinationMemo ? ` (${t('Admin.Exchanges.Memo')}: ${e.destinationMemo})` : ''}
        </Detail>
        {e.senderWalletAddress ? (
          <Detail label={t('Admin.Exchanges.SenderAddress')} mono>
            {e.senderWalletAddress}
          </Detail>
        ) : null}
        {e.refundWalletAddress ? (
          <Detail label={t('Admin.Exchanges.RefundAddress')} mono>
            {e.refundWalletAddress}
          </Detail>
        ) : null}
        <Detail label={t('Admin.Exchanges.Email')}>
          {emailShown ? (
            <span className="break-all" data-testid="exchange-email">
              {e.userEmail}
            </span>
          ) : (
            <Button variant="secondary" size="sm" onClick={onShowEmail}>
              {t('Admin.Exchanges.ShowEmail')}
            </Button>
          )}
        </Detail>
        <Detail label={t('Admin.Exchanges.FromTo')}>
          {f.amount(e.amount)} {src} → {f.amount(e.destinationAmount)} {dst}
        </Detail>
        <Detail label={t('Admin.Exchanges.Rate')}>
          1 {src} = {f.rate(e.exchangeRate)} {dst}
        </Detail>
        <Detail label={t('Admin.Exchanges.Created')}>{f.dateTime(e.creationDate, { seconds: true })}</Detail>
        <Detail label={t('Admin.Exchanges.Hash')} mono>
          {e.transactionHash ?? <span className="font-sans italic">{t('Admin.Exchanges.NoHash')}</span>}
        </Detail>
        {e.amountReceived !== null ? (
          <Detail label={t('Admin.Exchanges.Received')}>
            {f.amount(e.amountReceived)} {src}
            {e.difference !== null ? (
              <span className="ml-1 text-amber-800 dark:text-amber-300">
                ({t('Admin.Exchanges.Difference', { difference: f.amount(e.difference), ticker: src })})
              </span>
            ) : null}
          </Detail>
        ) : null}
        {e.quotedAmount !== null ? (
          <Detail label={t('Admin.Exchanges.OriginalQuote')}>
            {f.amount(e.quotedAmount)} {src} → {f.amount(e.quotedDestinationAmount ?? '0')} {dst}
          </Detail>
        ) : null}
        {e.payoutHash ? (
          <Detail label={t('Admin.Exchanges.PayoutHash')} mono>
            {e.payoutHash}
          </Detail>
        ) : null}
        {e.adminNotes ? <Detail label={t('Admin.Exchanges.Notes')}>{e.adminNotes}</Detail> : null}
        {e.network ? (
          <Detail label={t('Admin.Exchanges.Network')}>
            {t('Admin.Exchanges.NetworkValue', {
              network: e.network,
              seen: Math.min(e.depositConfirmations ?? 0, e.requiredConfirmations ?? 0),
              count: e.requiredConfirmations ?? 0,
            })}
          </Detail>
        ) : null}
        {e.holdReason ? (
          <Detail label={t('Admin.Exchanges.HoldReason')}>
            <span data-testid="hold-reason" className="text-amber-900 dark:text-amber-200">
              {t(`Admin.Networks.Hold.${e.holdReason}`)}
            </span>
          </Detail>
        ) : null}
      </dl>
      {actions.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {actions.map((a) => (
            <Button key={a} size="sm" variant={ACTION_VARIANT[a]} onClick={() => onAction(e, a)}>
              {t(`Admin.Exchanges.Actions.${a}`)}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
