import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications, notify } from '../../lib/notify';
import { NAV_GRACE_MS, useClearNotificationsOnNavigation } from './notifications';

let go: (to: string) => void = () => {};
function Shell() {
  useClearNotificationsOnNavigation();
  const navigate = useNavigate();
  go = (to) => void navigate(to);
  return <Outlet />;
}

const renderRouter = () =>
  render(
    <RouterProvider
      router={createMemoryRouter(
        [
          {
            path: '/',
            element: <Shell />,
            children: [
              { path: 'a', element: <p>a</p> },
              { path: 'b', element: <p>b</p> },
            ],
          },
        ],
        { initialEntries: ['/a'] },
      )}
    />,
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

  it('does not clear on the first render', () => {
    notify({ title: 'boot', closeAfter: 0 });
    vi.setSystemTime(Date.now() + NAV_GRACE_MS * 10);
    renderRouter();
    expect(notifications.get()).toHaveLength(1);
  });
});
