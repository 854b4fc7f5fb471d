import { describe, expect, it } from 'vitest';
import { formatClock, secondsUntil } from './manual-deposit-time';

describe('deposit countdown arithmetic', () => {
  const now = Date.parse('2025-01-01T12:00:00.000Z');

  it('counts whole seconds up to the expiry, rounding a started second up', () => {
    expect(secondsUntil('2025-01-01T12:30:00.000Z', now)).toBe(1800);
    expect(secondsUntil('2025-01-01T12:00:00.400Z', now)).toBe(1);
    expect(secondsUntil('2025-01-01T12:00:00.000Z', now)).toBe(0);
  });

  it('never goes below zero, and a bad date counts as expired', () => {
    expect(secondsUntil('2025-01-01T11:59:00.000Z', now)).toBe(0);
    expect(secondsUntil('not a date', now)).toBe(0);
  });

  it('shows m:ss under an hour and h:mm:ss above', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(9)).toBe('0:09');
    expect(formatClock(1799)).toBe('29:59');
    expect(formatClock(3600)).toBe('1:00:00');
    expect(formatClock(3 * 3600 + 5 * 60 + 9)).toBe('3:05:09');
    expect(formatClock(7 * 24 * 3600)).toBe('168:00:00');
    expect(formatClock(-5)).toBe('0:00');
  });
});
