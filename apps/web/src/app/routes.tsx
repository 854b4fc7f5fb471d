import { type ComponentType, lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RequireAdmin, RequireAuth, RequirePremium, VisitorOnly } from './guards';
import { WidgetLayout } from './layout/widget-layout';
import { trackPageLoad } from './page-loads';
import { RootLayout } from './root-layout';

/** `handle` of a lazily loaded page: starts loading its code (app.tsx, before the first render). */
export interface PageHandle {
  preload: () => Promise<unknown>;
}

/**
 * A lazily loaded route module whose default export is the page. Once its code is here (preloaded
 * by app.tsx during boot, or shown before) the page renders straight away; otherwise React.lazy
 * suspends and the root layout's Suspense shows the spinner while it loads. Suspending even on code
 * already loaded would cost a commit of the spinner and React's throttled reveal (up to 300 ms per
 * nested lazy level) on every first load. vite.config.ts reads `...page(() => import('./x'))` in this
 * table to know which chunks each URL needs (route-preload): keep that shape.
 */
const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'element' | 'handle'> => {
  const preload = () =>
    load().then((module) => {
      entry.loaded = module.default;
      return module;
    });
  // React.lazy calls its loader when a render first needs the page: the shell's progress bar shows it.
  const entry: LazyEntry = { loaded: undefined, Lazy: lazy(() => trackPageLoad(preload())), viaLazy: false };
  return { element: <LazyPage entry={entry} />, handle: { preload } satisfies PageHandle };
};

/** A route's page: its component once loaded, else React.lazy over the same loader. */
interface LazyEntry {
  loaded: ComponentType | undefined;
  Lazy: ComponentType;
  /** React.lazy has been rendered for this page: the page stays on it from then on. */
  viaLazy: boolean;
}

/**
 * A page rendered through React.lazy once stays on React.lazy (resolved, it renders at once): if the
 * router's first render suspends on it, React 19 waits for the code and replays that render, so the
 * page is committed through React.lazy; returning `<Loaded />` on a later render would be another
 * component at the same place, which React unmounts and mounts again, emptying the sign-in form.
 * The choice is kept per page, not per mount: the visitor pages share this component at one place,
 * so going from /login to /forgotPassword renders the same LazyPage with the other entry.
 */
function LazyPage({ entry }: { entry: LazyEntry }) {
  if (entry.loaded && !entry.viaLazy) {
    const Loaded = entry.loaded;
    return <Loaded />;
  }
  entry.viaLazy = true;
  const { Lazy } = entry;
  return <Lazy />;
}

/** Every route of spec-1 §2 and spec-2 §2. Guards wrap groups; pages are split per route. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      { path: 'home', ...page(() => import('./routes/home')) },
      { path: 'home-exchange', ...page(() => import('./routes/home-exchange')) },
      { path: 'testimonial-carousel', ...page(() => import('./routes/testimonial-carousel')) },
      { path: 'buySell', element: <Navigate to="/buy-sell" replace /> },
      { path: 'buy-sell', ...page(() => import('./routes/buy-sell')) },
      { path: 'buy-sell/manual-deposit/:id', ...page(() => import('./routes/manual-deposit')) },
      { path: 'buy-sell/history', ...page(() => import('./routes/history')) },
      { path: 'buy-sell/exchange/:id', ...page(() => import('./routes/exchange-tracking')) },
      { path: 'contact', ...page(() => import('./routes/contact')) },
      { path: 'aml-policy', ...page(() => import('./routes/aml-policy')) },
      { path: 'crypto/:ticker', ...page(() => import('./routes/crypto')) },
      { path: 'changePassword', ...page(() => import('./routes/change-password')) },
      { path: 'unauthorized', ...page(() => import('./routes/unauthorized')) },
      { path: 'forbidden', ...page(() => import('./routes/forbidden')) },
      { path: 'notfound', ...page(() => import('./routes/not-found')) },
      { path: 'withdrawals/remove-address', ...page(() => import('./routes/remove-withdrawal-address')) },
      {
        element: <VisitorOnly />,
        children: [
          { path: 'login', ...page(() => import('./routes/login')) },
          { path: 'signup', ...page(() => import('./routes/signup')) },
          { path: 'forgotPassword', ...page(() => import('./routes/forgot-password')) },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          { path: 'logout', ...page(() => import('./routes/logout')) },
          { path: 'buy-sell/preview/:id', ...page(() => import('./routes/buy-sell-preview')) },
          { path: 'buy-sell/transaction/:id', ...page(() => import('./routes/buy-sell-transaction')) },
          { path: 'wallets', ...page(() => import('./routes/wallets')) },
          { path: 'my-account', ...page(() => import('./routes/my-account')) },
          { path: 'my-account/security', ...page(() => import('./routes/my-account-security')) },
          { path: 'transactions', ...page(() => import('./routes/transactions')) },
          { path: 'withdrawals/:id', ...page(() => import('./routes/withdrawal-tracking')) },
          { path: 'premium', ...page(() => import('./routes/premium')) },
          { path: 'premium/pay', ...page(() => import('./routes/premium-pay')) },
          { path: 'partner', ...page(() => import('./routes/partner')) },
          { path: 'payment/return', ...page(() => import('./routes/payment-return')) },
          {
            element: <RequirePremium />,
            children: [{ path: 'premium/manage', ...page(() => import('./routes/premium-manage')) }],
          },
        ],
      },
      {
        path: 'admin',
        element: <RequireAdmin />,
        children: [
          {
            ...page(() => import('./routes/admin/admin-layout')),
            children: [
              { index: true, ...page(() => import('./routes/admin/stats')) },
              { path: 'search-user', ...page(() => import('./routes/admin/search-user')) },
              { path: 'user/:id', ...page(() => import('./routes/admin/user-detail')) },
              { path: 'deposits', ...page(() => import('./routes/admin/deposits')) },
              { path: 'premium-payments', ...page(() => import('./routes/admin/premium-payments')) },
              { path: 'spending-holds', ...page(() => import('./routes/admin/spending-holds')) },
              { path: 'networks', ...page(() => import('./routes/admin/networks')) },
              { path: 'bank-accounts', ...page(() => import('./routes/admin/bank-accounts')) },
              { path: 'wallet-addresses', ...page(() => import('./routes/admin/wallet-addresses')) },
              { path: 'transaction-settings', ...page(() => import('./routes/admin/transaction-settings')) },
              { path: 'pending-transactions', ...page(() => import('./routes/admin/pending-transactions')) },
              {
                path: 'approved-transactions',
                ...page(() => import('./routes/admin/approved-transactions')),
              },
              {
                path: 'rejected-transactions',
                ...page(() => import('./routes/admin/rejected-transactions')),
              },
              { path: 'tidio-settings', ...page(() => import('./routes/admin/tidio-settings')) },
              { path: 'outbox', ...page(() => import('./routes/admin/outbox')) },
              { path: 'audit-log', ...page(() => import('./routes/admin/audit-log')) },
              { path: 'contact-messages', ...page(() => import('./routes/admin/contact-messages')) },
              { path: 'partners', ...page(() => import('./routes/admin/partners')) },
              { path: 'withdrawals', ...page(() => import('./routes/admin/withdrawals')) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/notfound" replace /> },
    ],
  },
  // The embeddable widget, the only route that may be framed (decision 0036): its own compact
  // shell. Its static path ranks above the catch-all above, whatever the order.
  {
    path: '/widget',
    element: <WidgetLayout />,
    children: [{ index: true, ...page(() => import('./routes/widget')) }],
  },
];
