import { Page, PageHeader } from '../../components/ui';
import { PartnerArea } from '../../features/partner/components/partner-area';
import { buildWidgetEmbedSnippet } from '../../features/widget/lib/embed-snippet';
import { useTranslation } from '../../lib/i18n';

/**
 * /partner (DECISIONS §11): the partner area of a signed-in partner; others see what it is. The
 * widget tab shows the widget feature's own embed snippet (features never import each other).
 */
export default function PartnerPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <PageHeader title={t('Partner.Title')} description={t('Partner.Description')} />
      <PartnerArea buildSnippet={buildWidgetEmbedSnippet} />
    </Page>
  );
}
