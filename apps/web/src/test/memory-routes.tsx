import { useLayoutEffect } from 'react';
import { MemoryRouter, type RouteObject, useLocation, useRoutes } from 'react-router';

/** Where a test's router is: the path it last showed. */
export interface RouterProbe {
  pathname: () => string;
}

function Routes({ routes, seen }: { routes: RouteObject[]; seen: { pathname: string } }) {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    seen.pathname = pathname;
  }, [pathname, seen]);
  return useRoutes(routes);
}

/**
 * `routes` rendered at `path` in a memory router, the way app.tsx renders the app's table
 * (useRoutes); `probe` reports the path shown (after redirects).
 */
export function memoryRoutes(
  path: string,
  routes: RouteObject[],
): { ui: React.ReactElement; probe: RouterProbe } {
  const seen = { pathname: path };
  return {
    ui: (
      <MemoryRouter initialEntries={[path]}>
        <Routes routes={routes} seen={seen} />
      </MemoryRouter>
    ),
    probe: { pathname: () => seen.pathname },
  };
}
