/**
 * Page code being fetched because a render needs it (a navigation to a page not loaded yet): the
 * shell shows a progress bar while any is in flight. Loads started at boot are not counted, the boot
 * screen covers them.
 */
let inFlight = 0;
const listeners = new Set<() => void>();

function changed(by: number) {
  inFlight += by;
  for (const l of listeners) l();
}

/** Counts `load` as a page load until it settles; returns it unchanged. */
export function trackPageLoad<T>(load: Promise<T>): Promise<T> {
  changed(1);
  return load.finally(() => changed(-1));
}

export const pageLoads = {
  pending: () => inFlight > 0,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
