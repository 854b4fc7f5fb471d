import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../components/ui';
import { ExchangeWidget } from '../../features/convert/components/exchange-widget';
import { guestDepositText } from '../../features/convert/lib/deposit-wording';
import { cryptoOnly, useWalletsList } from '../../features/wallets/api/get-wallets-list';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';

/** /buy-sell: pick two crypto assets; signed in, Convert locks the price; guests use the manual deposit. */
export default function BuySellPage() {
  const { t, i18n } = useTranslation();
  const { authenticated } = useSession();
  const [params] = useSearchParams();
  const list = useWalletsList(authenticated);
  const crypto = cryptoOnly(list.data);

  useEffect(() => {
    if (list.isError) notify({ title: t('Exchange.Errors.LoadAssets'), severity: 'Error' });
  }, [list.isError, t]);

  return (
    <Page className="max-w-3xl">
      <ExchangeWidget
        assets={crypto}
        loading={list.isPending}
        failed={list.isError}
        signedIn={authenticated}
        title={t('Exchange.BuySell.Title')}
        description={
          authenticated
            ? t('Exchange.BuySell.Description')
            : guestDepositText(t, i18n.language, 'Exchange.BuySell.GuestDescription', crypto)
        }
        initialSource={params.get('from')}
        headingLevel="h1"
      />
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        {authenticated ? (
          <Link to="/buy-sell/history" className="font-medium text-indigo-700 underline dark:text-indigo-300">
            {t('Exchange.BuySell.HistoryLink')}
          </Link>
        ) : (
          <>
            {t('Exchange.BuySell.GuestSignIn')}{' '}
            <Link to="/login" className="font-medium text-indigo-700 underline dark:text-indigo-300">
              {t('Exchange.BuySell.SignInLink')}
            </Link>
          </>
        )}
      </p>
    </Page>
  );
}
