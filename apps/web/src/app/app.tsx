import { useEffect, useState } from 'react';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { bootOnce } from './boot';
import { Logo } from './layout/logo';
import { Providers } from './providers';
import { createRouter, routes } from './routes';

/**
 * Starts loading the code of the page at this URL while boot runs (session, translations): the
 * router, created after boot, then finds it loaded instead of fetching it only then. The browser
 * keeps each module once, so the router's own import() of the same chunk costs nothing more.
 */
function preloadPage() {
  for (const m of matchRoutes(routes, window.location) ?? []) {
    if (typeof m.route.lazy === 'function') void m.route.lazy().catch(() => undefined);
  }
}

export function App() {
  const [ready, setReady] = useState(false);
  const [router, setRouter] = useState<ReturnType<typeof createRouter> | null>(null);

  useEffect(() => {
    let live = true;
    preloadPage();
    void bootOnce().finally(() => {
      if (!live) return;
      // The router is created after boot so guards first see the refreshed session.
      setRouter((r) => r ?? createRouter());
      setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);

  if (!ready || !router) return <BootScreen />;
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}

/**
 * Shown until the first route: the brand (a name, no translation needed: the texts are still
 * loading) and a spinner. index.html holds the same markup, painted before any script arrives:
 * change both together.
 */
function BootScreen() {
  return (
    <div
      className="flex min-h-screen flex-col items-center justify-center gap-6 bg-white dark:bg-slate-950"
      aria-busy="true"
    >
      <span className="flex items-center gap-2">
        <Logo />
      </span>
      <span className="size-8 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600 dark:border-slate-700 dark:border-t-indigo-400" />
    </div>
  );
}
