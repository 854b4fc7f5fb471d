import { Card, LinkButton, Page, PageHeader } from '../../components/ui';
import { PayForm } from '../../features/premium/components/pay-form';
import { useTranslation } from '../../lib/i18n';
import { useCurrency } from '../../lib/preferences';
import { useSession } from '../../lib/session';

/**
 * /premium/pay (spec-2 §2, DECISIONS §7): the summary and "Pay with card", which leads to the
 * gateway's hosted page; a member is pointed to the manage page instead.
 */
export default function PremiumPayPage() {
  const { t } = useTranslation();
  const { isPremium } = useSession();
  const currency = useCurrency();
  return (
    <Page className="max-w-xl">
      <PageHeader title={t('Pages.PremiumPay.Title')} description={t('Pages.PremiumPay.Description')} />
      <Card>
        {isPremium ? (
          <div className="space-y-4">
            <p>{t('Premium.Pay.AlreadyPremium')}</p>
            <LinkButton to="/premium/manage">{t('Premium.Card.Manage')}</LinkButton>
          </div>
        ) : (
          <PayForm currency={currency} />
        )}
      </Card>
    </Page>
  );
}
