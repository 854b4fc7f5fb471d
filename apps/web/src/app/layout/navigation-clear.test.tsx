import { act, cleanup, render, screen } from '@testing-library/react';
import { type ComponentType, lazy, Suspense } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications, notify } from '../../lib/notify';
import { memoryRoutes } from '../../test/memory-routes';
import { NAV_GRACE_MS, useClearNotificationsOnNavigation } from './notifications';

let go: (to: string) => void = () => {};
function Shell() {
  useClearNotificationsOnNavigation();
  const navigate = useNavigate();
  go = (to) => void navigate(to);
  return (
    <Suspense fallback={<p>loading</p>}>
      <Outlet />
    </Suspense>
  );
}

/** A page whose code arrives when the test says so (a lazy chunk still downloading). */
let arrive: () => void = () => {};
const SlowPage = lazy(
  () =>
    new Promise<{ default: ComponentType }>((resolve) => {
      arrive = () => resolve({ default: () => <p>slow</p> });
    }),
);

const renderRouter = () =>
  render(
    memoryRoutes('/a', [
      {
        path: '/',
        element: <Shell />,
        children: [
          { path: 'a', element: <p>a</p> },
          { path: 'b', element: <p>b</p> },
          { path: 'slow', element: <SlowPage /> },
        ],
      },
    ]).ui,
  );

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  notifications.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('notifications and navigation', () => {
  it('clears what was raised before the navigation started', async () => {
    renderRouter();
    notify({ title: 'old', closeAfter: 0 });
    vi.setSystemTime(Date.now() + NAV_GRACE_MS + 1);
    await act(async () => go('/b'));
    expect(notifications.get()).toEqual([]);
  });

  it('keeps a notification raised right before the navigation (notify; navigate)', async () => {
    renderRouter();
    notify({ title: 'old', closeAfter: 0 });
    vi.setSystemTime(Date.now() + NAV_GRACE_MS + 5000);
    notify({ title: 'for the next page', closeAfter: 0 });
    await act(async () => go('/b'));
    expect(notifications.get().map((n) => n.title)).toEqual(['for the next page']);
  });

  it("counts from the navigation's start, not from when a slow page's code arrived", async () => {
    renderRouter();
    notify({ title: 'old', closeAfter: 0 });
    vi.setSystemTime(Date.now() + NAV_GRACE_MS + 5000);
    notify({ title: 'for the next page', closeAfter: 0 });
    await act(async () => go('/slow'));
    // A transition: the page being left stays while the next one's code loads.
    expect(screen.getByText('a')).toBeInTheDocument();
    expect(notifications.get()).toHaveLength(2);
    vi.setSystemTime(Date.now() + NAV_GRACE_MS * 3);
    await act(async () => arrive());
    expect(await screen.findByText('slow')).toBeInTheDocument();
    expect(notifications.get().map((n) => n.title)).toEqual(['for the next page']);
  });

  it('does not clear on the first render', () => {
    notify({ title: 'boot', closeAfter: 0 });
    vi.setSystemTime(Date.now() + NAV_GRACE_MS * 10);
    renderRouter();
    expect(notifications.get()).toHaveLength(1);
  });
});
