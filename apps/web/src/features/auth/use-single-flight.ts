import { useCallback, useRef } from 'react';

/**
 * Runs one async action at a time: a call made while the previous one is still running is ignored
 * (spec-1 §5: repeat clicks are ignored while a request is pending). A ref, not state, so two clicks
 * in the same frame cannot both pass.
 */
export function useSingleFlight() {
  const running = useRef(false);
  return useCallback(async (action: () => Promise<void>): Promise<void> => {
    if (running.current) return;
    running.current = true;
    try {
      await action();
    } finally {
      running.current = false;
    }
  }, []);
}
