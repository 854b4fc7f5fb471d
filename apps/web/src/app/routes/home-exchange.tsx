import { Page } from '../../components/ui';
import { ExchangeWidget } from '../../features/convert/components/exchange-widget';
import { cryptoOnly, useWalletsList } from '../../features/wallets/api/get-wallets-list';
import { useTranslation } from '../../lib/i18n';
import { useSession } from '../../lib/session';

/** /home-exchange: the exchange widget alone. */
export default function HomeExchangePage() {
  const { t } = useTranslation();
  const { authenticated } = useSession();
  const list = useWalletsList(authenticated);
  return (
    <Page className="max-w-3xl">
      <ExchangeWidget
        assets={cryptoOnly(list.data)}
        loading={list.isPending}
        failed={list.isError}
        signedIn={authenticated}
        title={t('Exchange.Widget.Title')}
        description={t('Exchange.Widget.Description')}
        headingLevel="h1"
      />
    </Page>
  );
}
