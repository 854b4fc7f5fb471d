import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../auth/test/render';
import { TestimonialCarousel } from './testimonial-carousel';

beforeAll(initTestI18n);

/** A matchMedia whose reduced-motion answer the test chooses (jsdom has none). */
function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

function renderCarousel() {
  render(
    <>
      <h2 id="t-title">Testimonials</h2>
      <TestimonialCarousel headingId="t-title" />
    </>,
  );
  return screen.getByRole('region', { name: 'Testimonials' });
}

/** The page shown: the one slide not hidden. */
function shownPage() {
  const slides = screen.getAllByRole('group', { hidden: true });
  const shown = slides.filter((s) => s.getAttribute('aria-hidden') !== 'true');
  expect(shown).toHaveLength(1);
  return shown[0]?.getAttribute('aria-label');
}
const track = () => screen.getByTestId('carousel-track');
const tick = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

beforeEach(() => {
  vi.useFakeTimers();
  stubReducedMotion(false);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('testimonial carousel', () => {
  it('shows 6 testimonials on the first page and 2 on the second', () => {
    renderCarousel();
    const slides = screen.getAllByRole('group', { hidden: true });
    expect(slides).toHaveLength(2);
    expect(within(slides[0] as HTMLElement).getAllByRole('figure', { hidden: true })).toHaveLength(6);
    expect(within(slides[1] as HTMLElement).getAllByRole('figure', { hidden: true })).toHaveLength(2);
    expect(shownPage()).toBe('Page 1 of 2');
    expect(slides[1]).toHaveAttribute('inert');
  });

  it('advances every 3 s with a 0.5 s slide and wraps to the first page', () => {
    renderCarousel();
    expect(track()).toHaveAttribute('aria-live', 'off');
    expect(track().style.transitionDuration).toBe('500ms');
    tick(2999);
    expect(shownPage()).toBe('Page 1 of 2');
    tick(1);
    expect(shownPage()).toBe('Page 2 of 2');
    expect(track().style.transform).toBe('translateX(-100%)');
    tick(3000);
    expect(shownPage()).toBe('Page 1 of 2');
  });

  it('moves with previous and next, wrapping at both ends', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(shownPage()).toBe('Page 2 of 2');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(shownPage()).toBe('Page 1 of 2');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(shownPage()).toBe('Page 2 of 2');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(shownPage()).toBe('Page 1 of 2');
  });

  it('moves with the arrow keys inside it', () => {
    const region = renderCarousel();
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(shownPage()).toBe('Page 2 of 2');
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(shownPage()).toBe('Page 1 of 2');
  });

  it('stops while pointed at, and goes on after', () => {
    const region = renderCarousel();
    fireEvent.mouseEnter(region);
    expect(track()).toHaveAttribute('aria-live', 'polite');
    tick(10_000);
    expect(shownPage()).toBe('Page 1 of 2');
    fireEvent.mouseLeave(region);
    expect(track()).toHaveAttribute('aria-live', 'off');
    tick(3000);
    expect(shownPage()).toBe('Page 2 of 2');
  });

  it('stops while focus is inside, and goes on when it leaves', () => {
    renderCarousel();
    const next = screen.getByRole('button', { name: 'Next' });
    act(() => next.focus());
    tick(10_000);
    expect(shownPage()).toBe('Page 1 of 2');
    act(() => next.blur());
    tick(3000);
    expect(shownPage()).toBe('Page 2 of 2');
  });

  it('stops with its pause button and starts again with play', () => {
    renderCarousel();
    const pause = screen.getByRole('button', { name: 'Pause' });
    fireEvent.click(pause);
    expect(pause).toHaveAttribute('aria-pressed', 'true');
    // The click also focused nothing here (fireEvent), so only the button holds it still.
    tick(10_000);
    expect(shownPage()).toBe('Page 1 of 2');
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    tick(3000);
    expect(shownPage()).toBe('Page 2 of 2');
  });

  it('never moves by itself nor slides when the user prefers reduced motion', () => {
    stubReducedMotion(true);
    renderCarousel();
    expect(track()).toHaveAttribute('aria-live', 'polite');
    expect(track().style.transitionDuration).toBe('0ms');
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    tick(30_000);
    expect(shownPage()).toBe('Page 1 of 2');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(shownPage()).toBe('Page 2 of 2');
  });

  it('restarts the interval after a manual move', () => {
    renderCarousel();
    tick(2000);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(shownPage()).toBe('Page 2 of 2');
    tick(2000);
    expect(shownPage()).toBe('Page 2 of 2');
    tick(1000);
    expect(shownPage()).toBe('Page 1 of 2');
  });
});
