import { useEffect, useRef, useSyncExternalStore } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { LinkButton } from '../../../components/ui';
import { cn } from '../../../components/ui/cn';
import { useTranslation } from '../../../lib/i18n';
import { twoFactorRequired } from '../../../lib/step-up';

/**
 * spec-2 §2 admin side menu, plus the transaction settings, the mail outbox, the contact messages and
 * the audit log (DECISIONS §7, §8, §9).
 */
export const ADMIN_MENU = [
  { to: '/admin', key: 'Admin.Menu.Home', end: true },
  { to: '/admin/search-user', key: 'Admin.Menu.SearchUser' },
  { to: '/admin/deposits', key: 'Admin.Menu.Deposits' },
  { to: '/admin/withdrawals', key: 'Admin.Menu.Withdrawals' },
  { to: '/admin/premium-payments', key: 'Admin.Menu.PremiumPayments' },
  { to: '/admin/spending-holds', key: 'Admin.Menu.SpendingHolds' },
  { to: '/admin/networks', key: 'Admin.Menu.Networks' },
  { to: '/admin/bank-accounts', key: 'Admin.Menu.BankAccounts' },
  { to: '/admin/wallet-addresses', key: 'Admin.Menu.WalletAddresses' },
  { to: '/admin/transaction-settings', key: 'Admin.Menu.TransactionSettings' },
  { to: '/admin/pending-transactions', key: 'Admin.Menu.PendingTransactions' },
  { to: '/admin/approved-transactions', key: 'Admin.Menu.ApprovedTransactions' },
  { to: '/admin/rejected-transactions', key: 'Admin.Menu.RejectedTransactions' },
  { to: '/admin/tidio-settings', key: 'Admin.Menu.TidioSettings' },
  { to: '/admin/outbox', key: 'Admin.Menu.Outbox' },
  { to: '/admin/contact-messages', key: 'Admin.Menu.ContactMessages' },
  { to: '/admin/partners', key: 'Partner.Admin.Menu' },
  { to: '/admin/audit-log', key: 'Admin.Menu.AuditLog' },
] as const;

export default function AdminLayout() {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // 403 TWO_FACTOR_REQUIRED on any admin call: an admin without a second factor sets one up first.
  const required = useSyncExternalStore(twoFactorRequired.subscribe, twoFactorRequired.get);
  useEffect(() => () => twoFactorRequired.set(null), []);

  // On narrow screens the menu is a horizontal strip: keep the current entry in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the route changes
  useEffect(() => {
    const ul = list.current;
    const active = ul?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!ul || !active || ul.scrollWidth <= ul.clientWidth) return;
    ul.scrollLeft = active.offsetLeft - (ul.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:gap-8 lg:px-8 lg:py-8">
      <aside className="lg:w-60 lg:shrink-0">
        <p className="mb-2 px-3 text-xs font-semibold tracking-wider text-slate-600 uppercase dark:text-slate-400">
          {t('Admin.Title')}
        </p>
        <nav aria-label={t('Admin.MenuLabel')}>
          <ul
            ref={list}
            className="relative -mx-1 flex gap-1 overflow-x-auto pb-2 lg:mx-0 lg:flex-col lg:overflow-visible lg:pb-0"
          >
            {ADMIN_MENU.map((item) => (
              <li key={item.to} className="shrink-0">
                <NavLink
                  to={item.to}
                  end={'end' in item}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-indigo-600',
                      // A user's page is reached from the search: keep that entry lit there.
                      isActive || (item.to === '/admin/search-user' && pathname.startsWith('/admin/user/'))
                        ? 'bg-indigo-600 text-white dark:bg-indigo-500'
                        : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
                    )
                  }
                >
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        {required ? (
          <section
            role="alert"
            className="rounded-xl border border-amber-400 bg-amber-50 p-6 text-amber-950 dark:border-amber-500 dark:bg-amber-950/40 dark:text-amber-50"
          >
            <h1 className="text-xl font-semibold">{t('Security.Required.AdminTitle')}</h1>
            <p className="mt-2">{required.message}</p>
            <p className="mt-2">{t('Security.Required.AdminText')}</p>
            <LinkButton className="mt-4" to="/my-account/security">
              {t('Security.Required.Link')}
            </LinkButton>
          </section>
        ) : (
          <Outlet />
        )}
      </div>
    </div>
  );
}
