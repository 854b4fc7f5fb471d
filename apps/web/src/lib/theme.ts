import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/**
 * Dark mode (DECISIONS §9): the `dark` key ("true"/"false") when set, else the system theme, which we
 * keep following while no choice is stored. index.html applies the class before first paint; this
 * module keeps it right afterwards.
 */
const QUERY = '(prefers-color-scheme: dark)';

function media(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(QUERY)
    : null;
}

/** The stored choice, or null when the user never chose. */
export function storedDark(): boolean | null {
  const v = readStorage(STORAGE_KEYS.dark);
  return v === 'true' ? true : v === 'false' ? false : null;
}

export function systemDark(): boolean {
  return media()?.matches ?? false;
}

export function isDark(): boolean {
  return storedDark() ?? systemDark();
}

const listeners = new Set<() => void>();
let current = false;

function apply() {
  current = isDark();
  document.documentElement.classList.toggle('dark', current);
  document.documentElement.style.colorScheme = current ? 'dark' : 'light';
  for (const l of listeners) l();
}

let started = false;
/** Applies the theme and follows system changes and other tabs. Safe to call more than once. */
export function initTheme(): void {
  apply();
  if (started) return;
  started = true;
  media()?.addEventListener('change', () => {
    if (storedDark() === null) apply();
  });
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEYS.dark || e.key === null) apply();
  });
}

/** Sets the theme explicitly and remembers it. */
export function setDark(dark: boolean): void {
  writeStorage(STORAGE_KEYS.dark, dark ? 'true' : 'false');
  apply();
}

export function toggleDark(): void {
  setDark(!isDark());
}

export function useDark(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => false,
  );
}
