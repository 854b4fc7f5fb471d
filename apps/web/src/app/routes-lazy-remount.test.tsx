import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cloneElement, type ReactElement, Suspense, startTransition, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, type RouteObject } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { initTestI18n } from '../features/auth/test/render';
import { routes } from './routes';

// A page shown through React.lazy (its code arrived while React waited on the first render, which
// React then replays) stays the same page, with what was typed into it, when its route renders
// again: LazyPage must not switch from React.lazy to the loaded component (a different component
// at the same place, so React would unmount the page and mount an empty one).

beforeAll(initTestI18n);
const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let actEnv: boolean | undefined;
// The app's first render is a transition outside act(): React waits for the page's code and
// replays the suspended render, as in the browser.
beforeEach(() => {
  actEnv = env.IS_REACT_ACT_ENVIRONMENT;
  env.IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  env.IS_REACT_ACT_ENVIRONMENT = actEnv;
});

const loginRoute = (): RouteObject => {
  const visitors = routes[0]?.children?.find((r) => r.children?.some((c) => c.path === 'login'));
  const found = visitors?.children?.find((r) => r.path === 'login');
  if (!found) throw new Error('no login route');
  return found;
};

/** React's own record (its fiber) that the page above `node` was rendered through React.lazy. */
const shownThroughLazy = (node: Element): boolean => {
  const key = Object.keys(node).find((k) => k.startsWith('__reactFiber$'));
  type Fiber = { elementType?: { $$typeof?: symbol } | null; return: Fiber | null };
  for (let f = key ? (node as unknown as Record<string, Fiber>)[key] : null; f; f = f.return) {
    if (typeof f.elementType === 'object' && f.elementType?.$$typeof === Symbol.for('react.lazy'))
      return true;
  }
  return false;
};

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

interface ShellProps {
  of: { element: ReactElement; client: QueryClient; renderAgain: () => void };
}

/**
 * Renders the route's element; `renderAgain` renders it again with new props, as a router building
 * the element on each render (a `Component` route) would, so React renders LazyPage again instead of
 * bailing out.
 */
function Shell({ of }: ShellProps) {
  const [n, setN] = useState(0);
  of.renderAgain = () => setN((x) => x + 1);
  return (
    <QueryClientProvider client={of.client}>
      <MemoryRouter initialEntries={['/login']}>
        <Suspense fallback={<p>spinner</p>}>{n === 0 ? of.element : cloneElement(of.element)}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

it('the sign-in form shown through React.lazy keeps its field and value when its route renders again', async () => {
  const element = loginRoute().element as ReactElement;
  // The page's module already evaluated (not through the route's preload, which would let LazyPage
  // render the loaded page at once): React.lazy's import resolves while React waits on the render.
  await import('./routes/login');
  const shell: ShellProps['of'] = { element, client: new QueryClient(), renderAgain: () => undefined };
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  startTransition(() => root.render(<Shell of={shell} />));
  const email = () => host.querySelector<HTMLInputElement>('input[autocomplete="username"]');
  await until(() => email() !== null);
  const field = email() as HTMLInputElement;
  // The case under test: the first render suspended on React.lazy and React replayed it.
  expect(shownThroughLazy(field), 'the page was rendered through React.lazy').toBe(true);
  field.value = 'early@example.com';

  shell.renderAgain();
  await new Promise((r) => setTimeout(r, 100));
  await until(() => email() !== null);
  expect(email(), 'the same field (not mounted again)').toBe(field);
  expect(email()?.value).toBe('early@example.com');
  root.unmount();
  host.remove();
});
