import { useEffect, useState } from 'react';

/** spec-2 §9: the transaction lists give up their spinner after 10 s. */
export const LIST_LOADING_TIMEOUT_MS = 10_000;

/** True once `busy` has lasted `ms` without a break; false again as soon as it ends. */
export function useTimedOut(busy: boolean, ms: number): boolean {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    setTimedOut(false);
    if (!busy) return;
    const timer = setTimeout(() => setTimedOut(true), ms);
    return () => clearTimeout(timer);
  }, [busy, ms]);
  return busy && timedOut;
}
