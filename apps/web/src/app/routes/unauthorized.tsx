import { useLocation } from 'react-router';
import { LinkButton } from '../../components/ui/button';
import { StatusPage } from '../../components/ui/status-page';
import { useTranslation } from '../../lib/i18n';

/** spec-2 §2: explains the user is not signed in; buttons to /login and /home. */
export default function Unauthorized() {
  const { t } = useTranslation();
  // The guard that sent the visitor here passes the page they wanted on to the login page.
  const { state } = useLocation();
  return (
    <StatusPage
      code="401"
      title={t('Pages.Unauthorized.Title')}
      message={t('Pages.Unauthorized.Message')}
      actions={
        <>
          <LinkButton to="/login" state={state}>
            {t('Pages.Unauthorized.Login')}
          </LinkButton>
          <LinkButton to="/home" variant="secondary">
            {t('Common.BackHome')}
          </LinkButton>
        </>
      }
    />
  );
}
