import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page';

/** Back office, spec-2 §2: title and purpose; the screen's content is built with its feature. */
export default function AdminWalletAddressesPage() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('Admin.Pages.WalletAddresses.Title')}
      description={t('Admin.Pages.WalletAddresses.Description')}
    />
  );
}
