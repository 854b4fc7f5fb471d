import { LinkButton } from '../../components/ui/button';
import { StatusPage } from '../../components/ui/status-page';
import { useTranslation } from '../../lib/i18n';

/** /notfound: every unknown path lands here. */
export default function NotFound() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code="404"
      title={t('Pages.NotFound.Title')}
      message={t('Pages.NotFound.Message')}
      actions={<LinkButton to="/home">{t('Common.BackHome')}</LinkButton>}
    />
  );
}
