import { Link } from 'react-router';
import { cn } from '../../components/ui/cn';
import { useIsPartner } from '../../features/partner/api/partner-account';
import { useTranslation } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { useMenu } from './use-menu';

/**
 * spec-1 §2: login and signup when signed out; my-account and logout when signed in, with the
 * partner area for partners (DECISIONS §11).
 */
export function userLinks(authenticated: boolean, partner = false) {
  return authenticated
    ? [
        { to: '/my-account', key: 'Header.UserMenu.MyAccount' },
        ...(partner ? [{ to: '/partner', key: 'Partner.Menu' }] : []),
        { to: '/logout', key: 'Header.UserMenu.Logout' },
      ]
    : [
        { to: '/login', key: 'Header.UserMenu.Login' },
        { to: '/signup', key: 'Header.UserMenu.Signup' },
      ];
}

/** Initials of the signed-in user, or null (a person glyph is shown). */
function initials(first?: string, last?: string): string | null {
  const s = `${first?.trim()[0] ?? ''}${last?.trim()[0] ?? ''}`.toUpperCase();
  return s || null;
}

export function Avatar({ premium, first, last }: { premium: boolean; first?: string; last?: string }) {
  const text = initials(first, last);
  return (
    <span
      data-premium={premium || undefined}
      className={cn(
        'flex size-8 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100',
        // spec-1 §2: a premium user's avatar has a yellow ring.
        premium && 'ring-2 ring-yellow-400 ring-offset-2 ring-offset-white dark:ring-offset-slate-950',
      )}
    >
      {text ?? (
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
          <path d="M12 12a4.5 4.5 0 100-9 4.5 4.5 0 000 9zm0 2c-4.4 0-8 2.2-8 5v1h16v-1c0-2.8-3.6-5-8-5z" />
        </svg>
      )}
    </span>
  );
}

/** Desktop user dropdown. */
export function UserMenu() {
  const { t } = useTranslation();
  const s = useSession();
  const menu = useMenu();
  // Asked when the menu opens, not on every page: the shell does not call the partner API by itself.
  const links = userLinks(s.authenticated, useIsPartner(s.authenticated && menu.open) === true);
  const name = s.user ? `${s.user.firstName} ${s.user.lastName}`.trim() : '';

  return (
    <div ref={menu.rootRef} className="relative">
      <button
        ref={menu.triggerRef}
        type="button"
        onClick={menu.toggle}
        aria-expanded={menu.open}
        aria-controls="user-menu"
        aria-label={t('Header.UserMenu.Label')}
        className="flex items-center gap-2 rounded-full p-1 pr-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <Avatar premium={s.isPremium} first={s.user?.firstName} last={s.user?.lastName} />
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={cn('size-4 transition-transform', menu.open && 'rotate-180')}
          fill="currentColor"
        >
          <path d="M5.3 7.3a1 1 0 011.4 0L10 10.6l3.3-3.3a1 1 0 111.4 1.4l-4 4a1 1 0 01-1.4 0l-4-4a1 1 0 010-1.4z" />
        </svg>
      </button>
      {menu.mounted ? (
        <div
          id="user-menu"
          className={cn(
            'absolute right-0 mt-2 w-56 origin-top-right rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900',
            'transition',
            menu.entered
              ? 'scale-100 opacity-100 duration-200 ease-out'
              : 'pointer-events-none scale-95 opacity-0 duration-150 ease-in',
          )}
        >
          {s.authenticated && name ? (
            <p className="truncate border-b border-slate-200 px-3 py-2 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
              {name}
            </p>
          ) : null}
          <ul>
            {links.map((l) => (
              <li key={l.to}>
                <Link
                  to={l.to}
                  onClick={() => menu.close()}
                  className="block rounded-lg px-3 py-2 text-sm text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-100 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
                >
                  {t(l.key)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
