import { useEffect } from 'react';
import { Page, PageHeader } from '../../components/ui';
import { DepositButton } from '../../features/funding/components/deposit-button';
import { useUserWallets } from '../../features/wallets/api/get-user-wallets';
import { useWalletTotals } from '../../features/wallets/api/get-wallet-totals';
import { TotalsPanel } from '../../features/wallets/components/totals-panel';
import { WalletsPanel } from '../../features/wallets/components/wallets-panel';
import { WithdrawButton } from '../../features/withdrawals/components/withdraw-button';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';

/** /wallets: totals and 24 h performance on the left, the user's wallets with deposits on the right. */
export default function WalletsPage() {
  const { t } = useTranslation();
  const wallets = useUserWallets();
  const totals = useWalletTotals();

  useEffect(() => {
    if (wallets.isError) notify({ title: t('Wallets.Errors.LoadWallets'), severity: 'Error' });
  }, [wallets.isError, t]);
  useEffect(() => {
    if (totals.isError) notify({ title: t('Wallets.Errors.LoadTotals'), severity: 'Error' });
  }, [totals.isError, t]);

  return (
    <Page wide>
      <PageHeader title={t('Wallets.Title')} description={t('Wallets.Description')} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-1">
          <TotalsPanel totals={totals.data} loading={totals.isPending} />
        </div>
        <div className="lg:col-span-2">
          <WalletsPanel
            wallets={wallets.data}
            loading={wallets.isPending}
            failed={wallets.isError}
            accountTotal={totals.data?.accountTotal.amount}
            renderAction={(w) => (
              <div className="flex flex-col gap-2 sm:flex-row">
                <DepositButton wallet={w} />
                <WithdrawButton wallet={w} />
              </div>
            )}
          />
        </div>
      </div>
    </Page>
  );
}
