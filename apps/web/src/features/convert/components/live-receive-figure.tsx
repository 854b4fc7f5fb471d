import { useQuery } from '@tanstack/react-query';
import { estimateExchange, type PublicSettings, type Wallet } from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { exchangeRateQueryOptions } from '../../prices/api/get-exchange-rate';

/** GET settings (public): the fee rate; the same cache entry as the shell's and the deposit form's. */
const settingsQuery = {
  queryKey: ['settings'] as const,
  queryFn: () => api.get<PublicSettings>('settings'),
  staleTime: 5 * 60_000,
};

/**
 * The estimate itself. The rate is read once per pair (and again when stale, 30 s), never per
 * keystroke: each keystroke only recomputes from the cached figures. Nothing while they load, when
 * a read failed, or when the server would refuse the amount.
 */
export default function LiveReceiveFigure(props: {
  source: Wallet;
  destination: Wallet;
  amount: string;
  feeFree: boolean;
  /** A partner's commission (the widget), taken off as the server does at creation. */
  commissionRate?: string;
}) {
  const { source, destination, amount, feeFree, commissionRate } = props;
  const { t } = useTranslation();
  const f = useFormat();
  const rate = useQuery(exchangeRateQueryOptions(source.id, destination.id));
  const settings = useQuery(settingsQuery);
  const feeRate = feeFree ? '0' : settings.data?.feeRate;
  if (!rate.data || feeRate === undefined) return null;
  const estimate = estimateExchange({
    amount,
    rate: rate.data,
    feeRate,
    sourceDecimals: source.decimals,
    destinationDecimals: destination.decimals,
    commissionRate: commissionRate ?? null,
  });
  if (!estimate) return null;
  return (
    <span data-testid="live-receive-amount">
      {t('EmbedWidget.LiveReceive', {
        amount: f.amount(estimate.receive.toFixed()),
        ticker: destination.ticker,
      })}
    </span>
  );
}
