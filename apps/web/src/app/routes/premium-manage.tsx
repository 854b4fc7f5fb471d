import { Page, PageHeader } from '../../components/ui';
import { ManagePanel } from '../../features/premium/components/manage-panel';
import { useTranslation } from '../../lib/i18n';

/** /premium/manage (spec-2 §2, behind RequirePremium): perks, the subscription and cancel. */
export default function PremiumManagePage() {
  const { t } = useTranslation();
  return (
    <Page>
      <PageHeader title={t('Pages.PremiumManage.Title')} description={t('Pages.PremiumManage.Description')} />
      <ManagePanel />
    </Page>
  );
}
