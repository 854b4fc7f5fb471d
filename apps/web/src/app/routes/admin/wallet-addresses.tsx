import { WalletType } from '@vaultline/shared';
import { useEffect } from 'react';
import { Card } from '../../../components/ui';
import { PageHeader } from '../../../components/ui/page';
import { useAssetWallets } from '../../../features/admin/api/wallet-addresses';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../features/admin/components/admin-ui';
import { WalletAddressRow } from '../../../features/admin/components/wallet-address-row';
import { notifyFailure, withReason } from '../../../features/admin/lib/errors';
import { AssetIcon } from '../../../features/wallets/components/asset-icon';
import { useTranslation } from '../../../lib/i18n';

/**
 * Back office, spec-2 §2 Wallet addresses: the deposit address of each crypto asset. Fiat currencies
 * are funded by card, so the server takes no address for them: they are listed read-only.
 */
export default function AdminWalletAddressesPage() {
  const { t } = useTranslation();
  const wallets = useAssetWallets();

  useEffect(() => {
    if (wallets.isError) notifyFailure(t('Admin.Common.Error'), t('Admin.Wallets.LoadError'), wallets.error);
  }, [wallets.isError, wallets.error, t]);

  const crypto = wallets.data?.filter((w) => w.type !== WalletType.Fiat) ?? [];
  const fiat = wallets.data?.filter((w) => w.type === WalletType.Fiat) ?? [];

  return (
    <>
      <PageHeader
        title={t('Admin.Pages.WalletAddresses.Title')}
        description={t('Admin.Pages.WalletAddresses.Description')}
      />
      {wallets.isPending ? (
        <LoadingBlock label={t('Admin.Wallets.Loading')} />
      ) : wallets.isError ? (
        <ErrorBlock
          message={withReason(t('Admin.Wallets.LoadUnexpected'), wallets.error)}
          onRetry={() => void wallets.refetch()}
        />
      ) : (
        <div className="space-y-8">
          <section aria-labelledby="admin-wallets-crypto">
            <h2
              id="admin-wallets-crypto"
              className="mb-3 text-lg font-semibold text-slate-900 dark:text-white"
            >
              {t('Admin.Wallets.Crypto')}
            </h2>
            {crypto.length === 0 ? (
              <EmptyBlock>{t('Admin.Wallets.NoWallets')}</EmptyBlock>
            ) : (
              <ul className="space-y-3">
                {crypto.map((w) => (
                  <WalletAddressRow
                    key={w.id}
                    wallet={w}
                    icon={<AssetIcon ticker={w.ticker} type={w.type} size={36} />}
                  />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="admin-wallets-fiat">
            <h2 id="admin-wallets-fiat" className="mb-1 text-lg font-semibold text-slate-900 dark:text-white">
              {t('Admin.Wallets.Fiat')}
            </h2>
            <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('Admin.Wallets.FiatNote')}</p>
            {fiat.length === 0 ? (
              <EmptyBlock>{t('Admin.Wallets.NoFiat')}</EmptyBlock>
            ) : (
              <Card className="p-0">
                <ul className="divide-y divide-slate-200 dark:divide-slate-700">
                  {fiat.map((w) => (
                    <li key={w.id} className="flex items-center gap-3 px-4 py-3">
                      <AssetIcon ticker={w.ticker} type={w.type} size={28} />
                      <span className="font-medium text-slate-900 dark:text-white">{w.fullName}</span>
                      <span className="text-sm text-slate-600 dark:text-slate-300">{w.ticker}</span>
                    </li>
                  ))}
                </ul>
              </Card>
            )}
          </section>
        </div>
      )}
    </>
  );
}
