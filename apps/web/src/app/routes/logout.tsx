import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LogoutConfirm } from '../../features/auth/components/logout-confirm';
import { endSession } from '../../features/auth/session-actions';
import { notify } from '../../lib/notify';

/** spec-1 §2 logout (signed in only): a confirmation, then the session ends and the user goes home. */
export default function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onLoggedOut = async () => {
    // Leave this signed-in-only page first (committed synchronously), or RequireAuth would send the
    // user to /unauthorized the moment the session is cleared.
    await navigate('/home', { replace: true, flushSync: true });
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
