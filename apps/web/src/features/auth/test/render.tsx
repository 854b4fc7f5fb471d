import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { vi } from 'vitest';
import en from '../../../../public/i18n/en-us.json';
import { i18n } from '../../../lib/i18n';
import { memoryRoutes } from '../../../test/memory-routes';

/** The app's translator with the real en-us texts, so tests check the exact wording. */
export async function initTestI18n() {
  if (i18n.isInitialized) return;
  i18n.addResourceBundle('en-us', en);
  await i18n.changeLanguage('en-us');
}

/** Renders `routes` at `path` in a memory router; `pathname()` tells where it ended up. */
export function renderAt(path: string, routes: RouteObject[]) {
  const { ui, probe } = memoryRoutes(path, routes);
  const client = new QueryClient({
    defaultOptions: { mutations: { retry: false }, queries: { retry: false } },
  });
  const view = render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return { ...view, ...probe };
}

export const renderPage = (ui: ReactNode, path = '/') => renderAt(path, [{ path: '*', element: ui }]);

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
}

type Answer = {
  status: number;
  content?: unknown;
  error?: { error: string; code: string; fields?: Record<string, string> };
};

/**
 * Replaces fetch with a fake API answering by "METHOD path"; records each call. A pending promise
 * can be given to hold an answer back (to test the busy state).
 */
export function fakeApi(answers: Record<string, Answer | (() => Promise<Answer>)>) {
  // jsdom has no Cookie Store API; the API client reads document.cookie.
  // biome-ignore lint/suspicious/noDocumentCookie: test set-up of the XSRF cookie
  document.cookie = 'XSRF-TOKEN=test-xsrf';
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const key = `${method} ${url.split('?')[0]}`;
    const found = answers[key];
    if (!found) throw new Error(`unexpected call ${key}`);
    const a = typeof found === 'function' ? await found() : found;
    const ok = a.status < 400;
    const json = ok
      ? { success: true, content: a.content ?? null, error: null }
      : { success: false, content: null, error: { status: a.status, statusText: 'Error', ...a.error } };
    return new Response(JSON.stringify(json), {
      status: a.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A JWT whose payload decodes (the signature is not checked on the client). */
export function fakeJwt(claims: Record<string, unknown> = {}): string {
  const payload = {
    sub: '00000000-0000-4000-8000-000000000001',
    exp: Math.floor(Date.now() / 1000) + 900,
    ...claims,
  };
  const b64 = (o: unknown) =>
    btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.signature`;
}
