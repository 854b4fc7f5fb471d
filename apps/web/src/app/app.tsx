import { startTransition, useEffect, useState } from 'react';
import { BrowserRouter, matchRoutes, useRoutes } from 'react-router';
import { bootOnce } from './boot';
import { Logo } from './layout/logo';
import { Providers } from './providers';
import { type PageHandle, routes } from './routes';

/**
 * Starts loading the code of the page at this URL while boot runs (session, translations): the
 * router, mounted after boot, then finds it loaded instead of fetching it only then. The browser
 * keeps each module once, so React.lazy's own import() of the same chunk costs nothing more.
 */
function preloadPage() {
  for (const m of matchRoutes(routes, window.location) ?? []) {
    const handle = m.route.handle as PageHandle | undefined;
    if (handle) void handle.preload().catch(() => undefined);
  }
}

/** The route table rendered for the current URL (declarative react-router: no data router). */
function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let live = true;
    preloadPage();
    void bootOnce().finally(() => {
      // A transition: React renders the first page in slices of a few milliseconds, so a slow phone
      // keeps answering input instead of sitting in one long task (total blocking time).
      if (live) startTransition(() => setReady(true));
    });
    return () => {
      live = false;
    };
  }, []);

  // The router is mounted after boot so guards first see the refreshed session.
  if (!ready) return <BootScreen />;
  return (
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
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
