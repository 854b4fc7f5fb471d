import { useTranslation } from 'react-i18next';
import { Page, PageHeader } from '../../components/ui/page';

/** /premium/manage (spec-2 §2): title and purpose; the page's content is built with its feature. */
export default function PremiumManagePage() {
  const { t } = useTranslation();
  return (
    <Page>
      <PageHeader title={t('Pages.PremiumManage.Title')} description={t('Pages.PremiumManage.Description')} />
    </Page>
  );
}
