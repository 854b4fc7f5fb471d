import { useTranslation } from 'react-i18next';
import { Page, PageHeader } from '../../components/ui/page';

/** /premium (spec-2 §2): title and purpose; the page's content is built with its feature. */
export default function PremiumPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <PageHeader title={t('Pages.Premium.Title')} description={t('Pages.Premium.Description')} />
    </Page>
  );
}
