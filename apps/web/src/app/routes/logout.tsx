import { AuthCard } from '../../features/auth/components/auth-card';
import { LogoutConfirm } from '../../features/auth/components/logout-confirm';
import { endSession } from '../../features/auth/session-actions';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { setAfterSignOut } from '../guards';

/** spec-1 §2 logout (signed in only): a confirmation, then the session ends and the user goes home. */
export default function LogoutPage() {
  const { t } = useTranslation();
  const onLoggedOut = () => {
    // RequireAuth redirects the moment the session is cleared; tell it where to.
    setAfterSignOut('/home');
    endSession();
    notify({
      severity: 'Success',
      title: t('Auth.Logout.SuccessTitle'),
      message: t('Auth.Logout.SuccessMessage'),
    });
  };
  return (
    <AuthCard title={t('Auth.Logout.Title')} intro={t('Auth.Logout.Message')}>
      <LogoutConfirm onLoggedOut={onLoggedOut} />
    </AuthCard>
  );
}
