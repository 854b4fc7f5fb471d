import type { Page } from '@playwright/test';

// What the screenshot specs share: the sizes, the languages, a theme and language set before the
// page loads, API calls from the page (with its XSRF cookie), and signing in.
export const viewports = {
  desktop: { width: 1280, height: 860 },
  phone: { width: 375, height: 760 },
} as const;
export const LANGS = ['en-us', 'fr-fr', 'de-de', 'ru-ru'] as const;

export async function prepare(page: Page, opts: { dark: boolean; lang: string }) {
  await page.addInitScript(
    ({ dark, lang }) => {
      localStorage.setItem('dark', String(dark));
      localStorage.setItem('lang', lang);
    },
    { dark: opts.dark, lang: opts.lang },
  );
}

export async function call<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  return page.evaluate(
    async ({ method, path, body, token }) => {
      if (!document.cookie.includes('XSRF-TOKEN')) await fetch('/api/ping');
      const xsrf = decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '');
      const res = await fetch(`/api/${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-xsrf-token': xsrf,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await res.json()).content;
    },
    { method, path, body, token },
  ) as Promise<T>;
}

export async function signIn(page: Page, email: string, password: string): Promise<string> {
  const token = (await call<{ jwToken: string }>(page, 'POST', 'Auth', { email, password })).jwToken;
  await page.evaluate((t) => localStorage.setItem('accesstoken', t), token);
  return token;
}
