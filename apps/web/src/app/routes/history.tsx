import { useTranslation } from 'react-i18next';
import { Page, PageHeader } from '../../components/ui/page';

/** /buy-sell/history (spec-1 §2): title and purpose; the page's content is built with its feature. */
export default function HistoryPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <PageHeader title={t('Pages.History.Title')} description={t('Pages.History.Description')} />
    </Page>
  );
}
