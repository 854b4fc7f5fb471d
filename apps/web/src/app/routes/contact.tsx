import { useTranslation } from 'react-i18next';
import { Page, PageHeader } from '../../components/ui/page';

/** /contact (spec-2 §2): title and purpose; the page's content is built with its feature. */
export default function ContactPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <PageHeader title={t('Pages.Contact.Title')} description={t('Pages.Contact.Description')} />
    </Page>
  );
}
