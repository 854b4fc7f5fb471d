import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/ui/button';
import { StatusPage } from '../../components/ui/status-page';

/** spec-2 §2: explains the user is not signed in; buttons to /login and /home. */
export default function Unauthorized() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code="401"
      title={t('Pages.Unauthorized.Title')}
      message={t('Pages.Unauthorized.Message')}
      actions={
        <>
          <LinkButton to="/login">{t('Pages.Unauthorized.Login')}</LinkButton>
          <LinkButton to="/home" variant="secondary">
            {t('Common.BackHome')}
          </LinkButton>
        </>
      }
    />
  );
}
