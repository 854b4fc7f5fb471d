import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { bootOnce } from './boot';
import { Providers } from './providers';
import { createRouter } from './routes';

export function App() {
  const [ready, setReady] = useState(false);
  const [router, setRouter] = useState<ReturnType<typeof createRouter> | null>(null);

  useEffect(() => {
    let live = true;
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

/** Shown for the instant between first paint and the first route (no text: i18n is not loaded). */
function BootScreen() {
  return (
    <div
      className="flex min-h-screen items-center justify-center bg-white dark:bg-slate-950"
      aria-busy="true"
    >
      <span className="size-8 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600 dark:border-slate-700 dark:border-t-indigo-400" />
    </div>
  );
}
