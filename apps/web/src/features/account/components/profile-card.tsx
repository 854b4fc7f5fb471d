import type { User } from '@vaultline/shared';
import { Link } from 'react-router';
import { Card, cn } from '../../../components/ui';
import { formatLongDate } from '../../../lib/date-input';
import { useTranslation } from '../../../lib/i18n';

/** Initials of the user, or null (a person glyph is shown). */
function initials(u: Pick<User, 'firstName' | 'lastName'>): string | null {
  const s = `${u.firstName.trim()[0] ?? ''}${u.lastName.trim()[0] ?? ''}`.toUpperCase();
  return s || null;
}

/** The page's avatar; a premium member's has a yellow ring (spec-2 §2, as in the header). */
export function AccountAvatar({ user, premium }: { user: User; premium: boolean }) {
  const { t } = useTranslation();
  const text = initials(user);
  return (
    <span
      data-testid="account-avatar"
      data-premium={premium || undefined}
      role="img"
      aria-label={premium ? t('MyAccount.AvatarPremium') : t('MyAccount.Avatar')}
      className={cn(
        'flex size-24 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-3xl font-semibold text-indigo-900 dark:bg-indigo-900/60 dark:text-indigo-100',
        premium && 'ring-4 ring-yellow-400 ring-offset-4 ring-offset-white dark:ring-offset-slate-900',
      )}
    >
      {text ?? (
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-12" fill="currentColor">
          <path d="M12 12a4.5 4.5 0 100-9 4.5 4.5 0 000 9zm0 2c-4.4 0-8 2.2-8 5v1h16v-1c0-2.8-3.6-5-8-5z" />
        </svg>
      )}
    </span>
  );
}

/** Left column: avatar, name, e-mail, membership and the premium entry point. */
export function ProfileCard({ user, premium }: { user: User; premium: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Card className="flex flex-col items-center text-center">
      <AccountAvatar user={user} premium={premium} />
      <p className="mt-5 text-xl font-semibold break-words text-slate-900 dark:text-white">
        {user.firstName} {user.lastName}
      </p>
      <p className="mt-1 text-sm break-all text-slate-600 dark:text-slate-300">{user.email}</p>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
        {t('MyAccount.MemberSince', { date: formatLongDate(user.creationDate, i18n.language) })}
      </p>
      {premium ? (
        <p className="mt-4 inline-flex items-center gap-1.5 rounded-full bg-yellow-100 px-3 py-1 text-sm font-semibold text-yellow-900 dark:bg-yellow-400/20 dark:text-yellow-200">
          <span aria-hidden="true">★</span>
          {t('MyAccount.PremiumMember')}
        </p>
      ) : null}
      <Link
        to={premium ? '/premium/manage' : '/premium'}
        className="mt-4 text-sm font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
      >
        {premium ? t('MyAccount.ManagePremium') : t('MyAccount.GoPremium')}
      </Link>
    </Card>
  );
}
