import { useTranslation } from 'react-i18next';
import { Page, PageHeader } from '../../components/ui/page';

/** /premium/pay (spec-2 §2): title and purpose; the page's content is built with its feature. */
export default function PremiumPayPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <PageHeader title={t('Pages.PremiumPay.Title')} description={t('Pages.PremiumPay.Description')} />
    </Page>
  );
}
