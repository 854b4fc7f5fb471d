import { useEffect, useState } from 'react';

/** spec-2 §9: the user search fires 1.5 s after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 1500;

/**
 * `value` once it has stayed the same for `delayMs`, and whether a newer value is still waiting
 * (the search box is grey meanwhile).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): { value: T; waiting: boolean } {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return { value: settled, waiting: !Object.is(settled, value) };
}
