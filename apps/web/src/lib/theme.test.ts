import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A controllable prefers-color-scheme media query. */
function mockSystem(initialDark: boolean) {
  let matches = initialDark;
  const listeners = new Set<(e: MediaQueryListEvent) => void>();
  const mql = {
    get matches() {
      return matches;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.add(l),
    removeEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.delete(l),
  };
  vi.stubGlobal('matchMedia', () => mql);
  return {
    set(dark: boolean) {
      matches = dark;
      for (const l of listeners) l({ matches: dark } as MediaQueryListEvent);
    },
  };
}

const hasDark = () => document.documentElement.classList.contains('dark');

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  document.documentElement.classList.remove('dark');
});
afterEach(() => vi.unstubAllGlobals());

describe('theme', () => {
  it('follows the system theme while nothing is stored, including later changes', async () => {
    const system = mockSystem(true);
    const theme = await import('./theme');
    theme.initTheme();
    expect(hasDark()).toBe(true);
    system.set(false);
    expect(hasDark()).toBe(false);
    system.set(true);
    expect(hasDark()).toBe(true);
  });

  it('a stored choice wins over the system and stops following it', async () => {
    const system = mockSystem(true);
    localStorage.setItem('dark', 'false');
    const theme = await import('./theme');
    theme.initTheme();
    expect(hasDark()).toBe(false);
    system.set(true);
    expect(hasDark()).toBe(false);
  });

  it('toggle flips the class and persists "true"/"false"', async () => {
    mockSystem(false);
    const theme = await import('./theme');
    theme.initTheme();
    theme.toggleDark();
    expect(hasDark()).toBe(true);
    expect(localStorage.getItem('dark')).toBe('true');
    theme.toggleDark();
    expect(hasDark()).toBe(false);
    expect(localStorage.getItem('dark')).toBe('false');
  });

  it('survives a reload: a fresh module reads the stored value', async () => {
    mockSystem(false);
    (await import('./theme')).setDark(true);
    vi.resetModules();
    document.documentElement.classList.remove('dark');
    const again = await import('./theme');
    again.initTheme();
    expect(hasDark()).toBe(true);
    expect(again.isDark()).toBe(true);
  });

  it('treats any other stored value as unset', async () => {
    mockSystem(true);
    localStorage.setItem('dark', 'yes');
    const theme = await import('./theme');
    expect(theme.storedDark()).toBeNull();
    expect(theme.isDark()).toBe(true);
  });
});
