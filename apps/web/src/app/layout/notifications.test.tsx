import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications, notify } from '../../lib/notify';
import { Notifications } from './notifications';

const cards = () => document.querySelectorAll('article[data-severity]');
/** Opacity class tells whether a card is shown or fading. */
const isShown = (el: Element) => el.className.includes('opacity-100');

beforeEach(() => {
  vi.useFakeTimers();
  notifications.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('notification area', () => {
  it('appears after 50 ms, auto-closes after closeAfter and is removed after the 300 ms fade', () => {
    render(<Notifications />);
    act(() => {
      notify({ title: 'Saved', message: 'All good', severity: 'Success', closeAfter: 1000 });
    });
    const card = cards()[0];
    expect(card).toBeDefined();
    expect(card?.getAttribute('data-severity')).toBe('Success');
    expect(isShown(card as Element)).toBe(false);
    act(() => vi.advanceTimersByTime(50));
    expect(isShown(card as Element)).toBe(true);
    expect(screen.getByText('All good')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(949));
    expect(notifications.get()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(notifications.get()).toHaveLength(0);
    // Still on screen while fading out.
    expect(cards()).toHaveLength(1);
    expect(isShown(cards()[0] as Element)).toBe(false);
    act(() => vi.advanceTimersByTime(299));
    expect(cards()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(cards()).toHaveLength(0);
  });

  it('uses the 5000 ms default', () => {
    render(<Notifications />);
    act(() => {
      notify({ title: 'Default' });
    });
    act(() => vi.advanceTimersByTime(4999));
    expect(notifications.get()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(notifications.get()).toHaveLength(0);
  });

  it.each([0, null])('stays open when closeAfter is %s', (closeAfter) => {
    render(<Notifications />);
    act(() => {
      notify({ title: 'Sticky', closeAfter });
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(notifications.get()).toHaveLength(1);
    expect(screen.getByText('Sticky')).toBeInTheDocument();
  });

  it('closes with the close button, which is absent when showCloseButton is false', () => {
    render(<Notifications />);
    act(() => {
      notify({ title: 'No close', showCloseButton: false, closeAfter: 0 });
      notify({ title: 'Closable', closeAfter: 0 });
    });
    const buttons = screen.getAllByRole('button', { name: 'Notifications.Close' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0] as HTMLElement);
    expect(notifications.get().map((n) => n.title)).toEqual(['No close']);
  });

  it('runs an action callback and then closes the notification', () => {
    const onContinue = vi.fn();
    const onPrimary = vi.fn();
    const onSecondary = vi.fn();
    render(<Notifications />);
    act(() => {
      notify({
        title: 'Choose',
        closeAfter: 0,
        continue: { label: 'Continue', callback: onContinue },
        primary: { label: 'Yes', callback: onPrimary },
        secondary: { label: 'No', callback: onSecondary },
      });
    });
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onSecondary).toHaveBeenCalledOnce();
    expect(onPrimary).not.toHaveBeenCalled();
    expect(onContinue).not.toHaveBeenCalled();
    expect(notifications.get()).toHaveLength(0);
  });

  it('clear-all removes every notification', () => {
    render(<Notifications />);
    act(() => {
      notify({ title: 'One', closeAfter: 0 });
      notify({ title: 'Two', closeAfter: 0 });
    });
    act(() => notifications.clear());
    expect(notifications.get()).toHaveLength(0);
    act(() => vi.advanceTimersByTime(300));
    expect(cards()).toHaveLength(0);
  });

  it('does not auto-close while hovered', () => {
    render(<Notifications />);
    act(() => {
      notify({ title: 'Hover me', closeAfter: 1000 });
    });
    fireEvent.pointerEnter(cards()[0] as Element);
    act(() => vi.advanceTimersByTime(5000));
    expect(notifications.get()).toHaveLength(1);
    fireEvent.pointerLeave(cards()[0] as Element);
    act(() => vi.advanceTimersByTime(1000));
    expect(notifications.get()).toHaveLength(0);
  });

  it('lives in a polite status region', () => {
    render(<Notifications />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
  });
});
