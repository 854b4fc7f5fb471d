import { useTranslation } from 'react-i18next';
import { Page, PageHeader } from '../../components/ui/page';

/** /transactions (spec-2 §2): title and purpose; the page's content is built with its feature. */
export default function TransactionsPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <PageHeader title={t('Pages.Transactions.Title')} description={t('Pages.Transactions.Description')} />
    </Page>
  );
}
