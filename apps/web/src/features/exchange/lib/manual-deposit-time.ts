/** Whole seconds from `now` until the ISO time `until` (0 once past, or for a bad date). */
export function secondsUntil(until: string, now: number = Date.now()): number {
  const end = Date.parse(until);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** "29:59" under an hour, "1:05:09" above (hours keep counting past a day: exchanges last at most a week). */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/** Under five minutes left: the countdown turns red. */
export const URGENT_SECONDS = 300;
