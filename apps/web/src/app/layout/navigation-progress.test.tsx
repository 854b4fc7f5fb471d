import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../features/auth/test/render';
import { trackPageLoad } from '../page-loads';
import { NavigationProgress, PROGRESS_DELAY_MS } from './navigation-progress';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('navigation progress bar', () => {
  it('shows while page code loads for longer than the delay, and goes when it has arrived', async () => {
    vi.useFakeTimers();
    render(<NavigationProgress />);
    const load = deferred();
    act(() => void trackPageLoad(load.promise));
    act(() => vi.advanceTimersByTime(PROGRESS_DELAY_MS - 1));
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    await act(async () => load.resolve());
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('a load faster than the delay shows nothing, and a failed load clears it too', async () => {
    vi.useFakeTimers();
    render(<NavigationProgress />);
    const fast = deferred();
    act(() => void trackPageLoad(fast.promise));
    await act(async () => fast.resolve());
    act(() => vi.advanceTimersByTime(PROGRESS_DELAY_MS * 2));
    expect(screen.queryByRole('progressbar')).toBeNull();

    const failing = trackPageLoad(Promise.reject(new Error('chunk')));
    await act(async () => {
      await failing.catch(() => undefined);
    });
    act(() => vi.advanceTimersByTime(PROGRESS_DELAY_MS * 2));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
