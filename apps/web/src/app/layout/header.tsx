import { useEffect } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { cn } from '../../components/ui/cn';
import { useIsPartner } from '../../features/partner/api/partner-account';
import { useTranslation } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';
import { useMenu } from './use-menu';
import { UserMenu, userLinks } from './user-menu';

/** Header links of spec-1 §2; admin only for admins. */
export function useNavItems() {
  const { isAdmin } = useSession();
  const items = [
    { to: '/home', key: 'Header.Nav.Home' },
    { to: '/buy-sell', key: 'Header.Nav.BuySell' },
    { to: '/premium', key: 'Header.Nav.Premium' },
    { to: '/contact', key: 'Header.Nav.Contact' },
    { to: '/transactions', key: 'Header.Nav.Transactions' },
    { to: '/aml-policy', key: 'Header.Nav.AmlPolicy' },
  ];
  if (isAdmin) items.push({ to: '/admin', key: 'Header.Nav.Admin' });
  return items;
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-2.5 py-2 text-sm font-medium xl:px-3 transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600',
    isActive
      ? 'bg-indigo-50 text-indigo-700 dark:bg-slate-800 dark:text-indigo-300'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  );

export function Header() {
  const { t } = useTranslation();
  const items = useNavItems();
  const session = useSession();
  const mobile = useMenu();
  // The partner area's link, asked for when the menu opens (DECISIONS §11).
  const partner = useIsPartner(session.authenticated && mobile.open) === true;
  const location = useLocation();
  const closeMobile = mobile.close;

  // A followed link closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: react to the route only
  useEffect(() => closeMobile(), [location.pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div ref={mobile.rootRef} className="mx-auto max-w-7xl px-3 sm:px-6 lg:px-8">
        <div className="flex h-16 items-center gap-2">
          <Link
            to="/home"
            className="mr-2 flex shrink-0 items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600"
            aria-label={t('Header.LogoLabel')}
          >
            <Logo />
          </Link>
          <nav aria-label={t('Header.MainNav')} className="hidden flex-1 items-center gap-1 lg:flex">
            {items.map((i) => (
              <NavLink key={i.to} to={i.to} className={navLinkClass}>
                {t(i.key)}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-1">
            <ThemeToggle />
            <div className="hidden md:block">
              <UserMenu />
            </div>
            <button
              ref={mobile.triggerRef}
              type="button"
              onClick={mobile.toggle}
              aria-expanded={mobile.open}
              aria-controls="mobile-menu"
              aria-label={t('Header.Menu')}
              className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                {mobile.open ? (
                  <path strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
                ) : (
                  <path strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
                )}
              </svg>
            </button>
          </div>
        </div>
        {mobile.mounted ? (
          <nav
            id="mobile-menu"
            aria-label={t('Header.MobileNav')}
            className={cn(
              'overflow-y-auto overscroll-contain border-t border-slate-200 pb-3 transition-all lg:hidden dark:border-slate-800',
              mobile.entered
                ? 'max-h-[calc(100dvh-4rem)] opacity-100 duration-200 ease-out'
                : 'max-h-0 opacity-0 duration-150 ease-in',
            )}
          >
            <ul className="flex flex-col gap-1 pt-2">
              {items.map((i) => (
                <li key={i.to}>
                  <NavLink to={i.to} className={(s) => cn(navLinkClass(s), 'block text-base')}>
                    {t(i.key)}
                  </NavLink>
                </li>
              ))}
            </ul>
            <ul className="mt-2 flex flex-col gap-1 border-t border-slate-200 pt-2 md:hidden dark:border-slate-800">
              {userLinks(session.authenticated, partner).map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} className={(s) => cn(navLinkClass(s), 'block text-base')}>
                    {t(l.key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </header>
  );
}
