import { Page, PageHeader } from '../../components/ui/page';
import { AmlPolicy } from '../../features/content/components/aml-policy';
import { useTranslation } from '../../lib/i18n';

/** /aml-policy (spec-2 §2): the static Anti-Money Laundering policy. */
export default function AmlPolicyPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <PageHeader title={t('Aml.Title')} description={t('Aml.Description')} />
      <AmlPolicy />
    </Page>
  );
}
