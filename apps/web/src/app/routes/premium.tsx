import { Page, PageHeader } from '../../components/ui';
import { PremiumPolicy, PromoCard } from '../../features/premium/components/promo-card';
import { useTranslation } from '../../lib/i18n';
import { useCurrency } from '../../lib/preferences';
import { useSession } from '../../lib/session';

/** /premium (spec-2 §2): the promo card; its button pays (non-members) or manages (members). */
export default function PremiumPage() {
  const { t } = useTranslation();
  const { isPremium } = useSession();
  const currency = useCurrency();
  return (
    <Page>
      <PageHeader title={t('Pages.Premium.Title')} description={t('Pages.Premium.Description')} />
      <PromoCard currency={currency} premium={isPremium} />
      <PremiumPolicy currency={currency} />
    </Page>
  );
}
