import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ExchangeWidget } from '../../features/convert/components/exchange-widget';
import { guestDepositText } from '../../features/convert/lib/deposit-wording';
import { Explainers } from '../../features/home/components/explainers';
import { Faq } from '../../features/home/components/faq';
import { Hero } from '../../features/home/components/hero';
import { PartnersStrip } from '../../features/home/components/partners-strip';
import { PremiumCard } from '../../features/home/components/premium-card';
import { cryptoOnly, useWalletsList } from '../../features/wallets/api/get-wallets-list';
import { SupportedCryptoGrid } from '../../features/wallets/components/supported-crypto-grid';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useCurrency } from '../../lib/preferences';
import { useSession } from '../../lib/session';
import { publicSettingsQuery } from '../layout/chat-widget';

/**
 * Landing page (spec-2 §2): hero, exchange widget, partners (only those the operator set; none by
 * default), explainers, assets, FAQ, pricing.
 */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const { authenticated } = useSession();
  const currency = useCurrency();
  const list = useWalletsList(authenticated);
  const crypto = cryptoOnly(list.data);
  const settings = useQuery(publicSettingsQuery);

  useEffect(() => {
    if (list.isError) notify({ title: t('Home.Errors.LoadCrypto'), severity: 'Error' });
  }, [list.isError, t]);

  return (
    <>
      <Hero />
      <div id="exchange-widget" className="mx-auto max-w-3xl scroll-mt-20 px-4 py-12">
        <ExchangeWidget
          assets={crypto}
          loading={list.isPending}
          failed={list.isError}
          signedIn={authenticated}
          title={t('Exchange.Widget.Title')}
          description={guestDepositText(t, i18n.language, 'Exchange.Widget.Description', crypto)}
        />
      </div>
      <PartnersStrip partners={settings.data?.partners ?? []} />
      <Explainers />
      <SupportedCryptoGrid wallets={crypto} loading={list.isPending} failed={list.isError} />
      <Faq lockTtlSeconds={settings.data?.lockTtlSeconds} />
      <PremiumCard currency={currency} />
    </>
  );
}
