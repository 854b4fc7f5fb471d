import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page';

/** Back office, spec-2 §2: title and purpose; the screen's content is built with its feature. */
export default function AdminDepositsPage() {
  const { t } = useTranslation();
  return (
    <PageHeader title={t('Admin.Pages.Deposits.Title')} description={t('Admin.Pages.Deposits.Description')} />
  );
}
