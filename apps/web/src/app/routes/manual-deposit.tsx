import { useTranslation } from 'react-i18next';
import { Page, PageHeader } from '../../components/ui/page';

/** /buy-sell/manual-deposit/:id (spec-1 §2): title and purpose; the page's content is built with its feature. */
export default function ManualDepositPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <PageHeader title={t('Pages.ManualDeposit.Title')} description={t('Pages.ManualDeposit.Description')} />
    </Page>
  );
}
