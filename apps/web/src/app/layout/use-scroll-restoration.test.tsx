import { act, cleanup, render } from '@testing-library/react';
import { Outlet, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryRoutes } from '../../test/memory-routes';
import {
  SCROLL_STORAGE_KEY,
  type ScrollMemory,
  useScrollMemory,
  useScrollRestore,
} from './use-scroll-restoration';

let go: (to: string | number) => void = () => {};
function Restorer({ memory }: { memory: ScrollMemory }) {
  useScrollRestore(memory);
  return null;
}
/** As the root layout: the pages, and the hook beside them. */
function Layout() {
  const navigate = useNavigate();
  go = (to) => void (typeof to === 'number' ? navigate(to) : navigate(to));
  const memory = useScrollMemory();
  return (
    <>
      <Outlet />
      <Restorer memory={memory} />
    </>
  );
}

/** jsdom does not scroll: window.scrollY and scrollTo are faked, a user's scroll fires the event. */
const scrolls: number[] = [];
function setScroll(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
}
function userScrolls(y: number) {
  setScroll(y);
  window.dispatchEvent(new Event('scroll'));
}

const show = (path: string) =>
  render(
    memoryRoutes(path, [
      {
        element: <Layout />,
        children: [
          { path: '/a', element: <p>a</p> },
          { path: '/b', element: <p>b</p> },
        ],
      },
    ]).ui,
  );

beforeEach(() => {
  scrolls.length = 0;
  setScroll(0);
  vi.stubGlobal(
    'scrollTo',
    vi.fn((_x: number, y: number) => {
      scrolls.push(y);
      setScroll(y);
    }),
  );
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('scroll restoration', () => {
  it('starts a new navigation at the top and returns to the saved position on back and forward', async () => {
    show('/a');
    userScrolls(700);
    await act(async () => go('/b'));
    expect(scrolls.at(-1)).toBe(0);
    userScrolls(300);
    await act(async () => go(-1));
    expect(scrolls.at(-1)).toBe(700);
    await act(async () => go(1));
    expect(scrolls.at(-1)).toBe(300);
    // A new visit of the same URL is a new entry: top again.
    await act(async () => go('/a'));
    expect(scrolls.at(-1)).toBe(0);
  });

  it('reads the position when a navigation starts, before a scroll event came', async () => {
    show('/a');
    setScroll(800); // scrolled, its event not dispatched yet
    await act(async () => go('/b'));
    expect(scrolls.at(-1)).toBe(0);
    await act(async () => go(-1));
    expect(scrolls.at(-1)).toBe(800);
  });

  it('keeps the positions in sessionStorage when the page is left, and reads them on a reload', async () => {
    const first = show('/a');
    userScrolls(450);
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}')).toEqual({ '/a': 450 });
    first.unmount();
    setScroll(0);
    // A fresh load (memory history's first entry has the key "default", as a typed URL does).
    show('/a');
    expect(scrolls.at(-1)).toBe(450);
  });
});
