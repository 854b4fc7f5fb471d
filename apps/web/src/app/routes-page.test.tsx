import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, Suspense } from 'react';
import { MemoryRouter, type RouteObject } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../features/auth/test/render';
import { type PageHandle, routes } from './routes';

beforeAll(initTestI18n);
afterEach(cleanup);

const route = (path: string): RouteObject => {
  const found = routes[0]?.children?.find((r) => r.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};

const inLayout = (page: ReactNode) =>
  render(
    <MemoryRouter>
      <Suspense fallback={<p>spinner</p>}>{page}</Suspense>
    </MemoryRouter>,
  );

describe('lazily loaded pages (routes.tsx, page())', () => {
  it('a page whose code was preloaded renders in the first commit, without the spinner', async () => {
    const forbidden = route('forbidden');
    await (forbidden.handle as PageHandle).preload();
    inLayout(forbidden.element);
    // Synchronously after render: no suspension, so no spinner committed and no throttled reveal.
    expect(screen.queryByText('spinner')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('a page whose code is still on its way shows the spinner, then the page', async () => {
    inLayout(route('notfound').element);
    expect(screen.getByText('spinner')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('spinner')).toBeNull();
  });
});

describe('pages sharing one place (routes.tsx, LazyPage)', () => {
  it('going from one visitor page to another shows the other page', { timeout: 30_000 }, async () => {
    const { renderAt } = await import('../features/auth/test/render');
    const view = renderAt('/login', routes);
    // Each page's code is imported on the way (slow on a loaded machine): wait for it, not for a time.
    const wait = { timeout: 15_000 };
    expect(await view.findByRole('heading', { level: 1, name: 'Log in' }, wait)).toBeInTheDocument();
    await userEvent.click(view.getByRole('link', { name: 'Forgot your password?' }));
    expect(
      await view.findByRole('heading', { level: 1, name: 'Forgot your password?' }, wait),
    ).toBeInTheDocument();
  });
});
