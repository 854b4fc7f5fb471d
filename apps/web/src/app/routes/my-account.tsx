import { useTranslation } from 'react-i18next';
import { Page, PageHeader } from '../../components/ui/page';

/** /my-account (spec-2 §2): title and purpose; the page's content is built with its feature. */
export default function MyAccountPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <PageHeader title={t('Pages.MyAccount.Title')} description={t('Pages.MyAccount.Description')} />
    </Page>
  );
}
