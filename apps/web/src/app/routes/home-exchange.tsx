import { Page } from '../../components/ui';
import { ExchangeWidget } from '../../features/convert/components/exchange-widget';
import { guestDepositText } from '../../features/convert/lib/deposit-wording';
import { cryptoOnly, useWalletsList } from '../../features/wallets/api/get-wallets-list';
import { useTranslation } from '../../lib/i18n';
import { useSession } from '../../lib/session';

/** /home-exchange: the exchange widget alone. */
export default function HomeExchangePage() {
  const { t, i18n } = useTranslation();
  const { authenticated } = useSession();
  const list = useWalletsList(authenticated);
  const crypto = cryptoOnly(list.data);
  return (
    <Page className="max-w-3xl">
      <ExchangeWidget
        assets={crypto}
        loading={list.isPending}
        failed={list.isError}
        signedIn={authenticated}
        title={t('Exchange.Widget.Title')}
        description={guestDepositText(t, i18n.language, 'Exchange.Widget.Description', crypto)}
        headingLevel="h1"
      />
    </Page>
  );
}
