import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../auth/test/render';
import { DepositCountdown } from './manual-deposit-countdown';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('DepositCountdown', () => {
  it('ticks every second to zero, then says the time ran out and calls onExpired once', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T12:00:00.000Z'));
    const onExpired = vi.fn();
    render(<DepositCountdown expiresAt="2025-01-01T12:00:03.000Z" onExpired={onExpired} />);
    expect(screen.getByRole('timer')).toHaveTextContent('0:03');
    expect(screen.getByRole('timer')).toHaveAccessibleName('0:03 left to send the deposit');
    expect(screen.getByText(/the exchange expires and is marked failed/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('0:02');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('The time to send this deposit has run out');
    act(() => vi.advanceTimersByTime(5000));
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('turns red in the last five minutes', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T12:00:00.000Z'));
    const { rerender } = render(<DepositCountdown expiresAt="2025-01-01T12:30:00.000Z" />);
    expect(screen.getByRole('timer')).toHaveTextContent('30:00');
    expect(screen.getByRole('timer').className).toContain('indigo');
    rerender(<DepositCountdown expiresAt="2025-01-01T12:05:00.000Z" />);
    expect(screen.getByRole('timer')).toHaveTextContent('5:00');
    expect(screen.getByRole('timer').className).toContain('red');
  });

  it('an expiry already past shows the expired notice at once', () => {
    const onExpired = vi.fn();
    render(<DepositCountdown expiresAt="2000-01-01T00:00:00.000Z" onExpired={onExpired} />);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });
});
