import { useTranslation } from 'react-i18next';
import { Page, PageHeader } from '../../components/ui/page';

/** /aml-policy (spec-2 §2): title and purpose; the page's content is built with its feature. */
export default function AmlPolicyPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <PageHeader title={t('Pages.AmlPolicy.Title')} description={t('Pages.AmlPolicy.Description')} />
    </Page>
  );
}
