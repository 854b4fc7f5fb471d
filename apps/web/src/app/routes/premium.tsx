import { useEffect } from 'react';
import { Page, PageHeader } from '../../components/ui';
import { PremiumPolicy, PromoCard } from '../../features/premium/components/promo-card';
import { applySessionToken } from '../../features/premium/lib/apply-token';
import { takeHeldToken } from '../../features/premium/lib/held-token';
import { useTranslation } from '../../lib/i18n';
import { useCurrency } from '../../lib/preferences';
import { useSession } from '../../lib/session';

/** /premium (spec-2 §2): the promo card; its button pays (non-members) or manages (members). */
export default function PremiumPage() {
  const { t } = useTranslation();
  const { isPremium } = useSession();
  const currency = useCurrency();
  // Arriving from a cancellation: its token (without the premium claim) is stored now.
  useEffect(() => {
    const token = takeHeldToken();
    if (token) void applySessionToken(token);
  }, []);
  return (
    <Page>
      <PageHeader title={t('Pages.Premium.Title')} description={t('Pages.Premium.Description')} />
      <PromoCard currency={currency} premium={isPremium} />
      <PremiumPolicy currency={currency} />
    </Page>
  );
}
