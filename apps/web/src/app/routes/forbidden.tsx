import { LinkButton } from '../../components/ui/button';
import { StatusPage } from '../../components/ui/status-page';
import { useTranslation } from '../../lib/i18n';

/** spec-2 §2: explains the lack of rights; button to /home. */
export default function Forbidden() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code="403"
      title={t('Pages.Forbidden.Title')}
      message={t('Pages.Forbidden.Message')}
      actions={<LinkButton to="/home">{t('Common.BackHome')}</LinkButton>}
    />
  );
}
