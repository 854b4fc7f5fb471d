import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/ui/button';
import { StatusPage } from '../../components/ui/status-page';

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
