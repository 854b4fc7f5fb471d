import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';
import { useLogout } from '../api/logout';
import { useSingleFlight } from '../use-single-flight';
import { SubmitButton } from './submit-button';

/**
 * spec-1 §2 logout: a confirm button and a return link to home. The server call revokes the refresh
 * cookie; `onLoggedOut` runs whether or not it answered, since the local session ends either way.
 */
export function LogoutConfirm({ onLoggedOut }: { onLoggedOut: () => Promise<void> | void }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const once = useSingleFlight();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void once(async () => {
      try {
        await logout.mutateAsync();
      } catch {
        // Offline or already signed out on the server: still end the session here.
      }
      await onLoggedOut();
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <SubmitButton pending={logout.isPending} variant="danger">
        {t('Auth.Logout.Confirm')}
      </SubmitButton>
      <Link to="/home" className={buttonClass('secondary', 'lg', 'w-full')}>
        {t('Auth.Logout.Back')}
      </Link>
    </form>
  );
}
