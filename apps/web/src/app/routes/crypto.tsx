import { WalletType } from '@vaultline/shared';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Card, cn, LinkButton, Page, Spinner } from '../../components/ui';
import { usePriceHistory } from '../../features/prices/api/get-price-history';
import { PriceChart } from '../../features/prices/components/price-chart';
import { useWalletsList } from '../../features/wallets/api/get-wallets-list';
import { AssetIcon } from '../../features/wallets/components/asset-icon';
import { formatMoney } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useSession } from '../../lib/session';

const RANGES = [
  { hours: 24, key: 'Range24h' },
  { hours: 24 * 7, key: 'Range7d' },
  { hours: 24 * 30, key: 'Range30d' },
] as const;

/** /crypto/{ticker}: an asset's current price in the display currency and its USD price chart. */
export default function CryptoPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language || 'en-us';
  const { ticker = '' } = useParams();
  const { authenticated } = useSession();
  const list = useWalletsList(authenticated);
  const [hours, setHours] = useState<number>(24);
  const asset = list.data?.find(
    (w) => w.ticker.toLowerCase() === ticker.toLowerCase() && w.type === WalletType.Crypto,
  );
  // Asked once the asset list says which ticker this is (not first as typed, then again).
  const history = usePriceHistory(asset?.ticker, hours);

  if (list.isPending) {
    return (
      <Page>
        <div className="flex justify-center py-16">
          <Spinner label={t('Home.Crypto.Loading')} className="[&>span:first-child]:size-8" />
        </div>
      </Page>
    );
  }
  if (!asset) {
    return (
      <Page>
        <Card className="p-8 text-center">
          <h1 className="text-2xl font-bold">{t('Home.Crypto.NotFoundTitle')}</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            {list.isError ? t('Home.Errors.LoadCrypto') : t('Home.Crypto.NotFound', { ticker })}
          </p>
          <LinkButton to="/home" variant="secondary" className="mt-6">
            {t('Home.Crypto.BackHome')}
          </LinkButton>
        </Card>
      </Page>
    );
  }

  const pair = asset.selectedCurrencyPair;
  return (
    <Page>
      <header className="mb-6 flex flex-wrap items-center gap-4">
        <AssetIcon ticker={asset.ticker} size={56} />
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-bold">
            {asset.fullName} <span className="text-slate-500 dark:text-slate-400">({asset.ticker})</span>
          </h1>
          <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid="asset-price">
            {formatMoney(pair.rate, pair.right.ticker, locale)}
          </p>
        </div>
        <LinkButton to={`/buy-sell?from=${encodeURIComponent(asset.ticker)}`} size="lg">
          {t('Home.Crypto.Convert', { ticker: asset.ticker })}
        </LinkButton>
      </header>
      <Card className="p-4 sm:p-6">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">{t('Home.Crypto.ChartTitle')}</h2>
          <fieldset className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
            <legend className="sr-only">{t('Home.Crypto.Range')}</legend>
            {RANGES.map((r) => (
              <button
                key={r.hours}
                type="button"
                aria-pressed={hours === r.hours}
                onClick={() => setHours(r.hours)}
                className={cn(
                  'rounded-md px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600',
                  // The chosen range is told by a filled button (3:1 or more against the group),
                  // not by a white one on light grey (1.1:1).
                  hours === r.hours
                    ? 'bg-indigo-600 text-white shadow dark:bg-indigo-500'
                    : 'text-slate-700 dark:text-slate-300',
                )}
              >
                {t(`Home.Crypto.${r.key}`)}
              </button>
            ))}
          </fieldset>
        </div>
        {history.isPending ? (
          <div className="flex h-72 items-center justify-center">
            <Spinner label={t('Home.Crypto.LoadingChart')} />
          </div>
        ) : history.isError ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {t('Home.Crypto.ChartError')}
          </p>
        ) : history.data.points.length < 2 ? (
          // One point draws no line (a fresh install has only the current price).
          <p className="text-slate-600 dark:text-slate-300">{t('Home.Crypto.NoHistory')}</p>
        ) : (
          <PriceChart history={history.data} label={t('Home.Crypto.ChartLabel', { name: asset.fullName })} />
        )}
        {history.data?.indicative ? (
          <p className="mt-3 text-xs text-amber-800 dark:text-amber-300">{t('Home.Crypto.Indicative')}</p>
        ) : null}
      </Card>
    </Page>
  );
}
