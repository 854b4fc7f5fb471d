import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import en from '../../public/i18n/en-us.json';
import { i18n } from '../lib/i18n';
import { memoryRoutes } from './memory-routes';

/** The app's translator with the real en-us texts, so tests check the exact wording. */
export async function initTestI18n() {
  if (i18n.isInitialized) return;
  i18n.addResourceBundle('en-us', en);
  await i18n.changeLanguage('en-us');
}

/**
 * Test set-up of features that call the API (the back office, the partner area): renders `ui` at
 * `path` with a fresh query client, inside a memory router.
 */
export function renderWithApi(ui: ReactNode, path = '/') {
  const routed = memoryRoutes(path, [{ path: '*', element: ui }]);
  const client = new QueryClient({
    defaultOptions: { mutations: { retry: false }, queries: { retry: false } },
  });
  const view = render(<QueryClientProvider client={client}>{routed.ui}</QueryClientProvider>);
  return { ...view, ...routed.probe, client };
}

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
}

type Answer = { status: number; content?: unknown; error?: { error: string; code: string } };

/** Replaces fetch with a fake API answering by "METHOD path" (query ignored); records each call. */
export function fakeApi(answers: Record<string, Answer | ((call: FakeCall) => Answer)>) {
  // biome-ignore lint/suspicious/noDocumentCookie: test set-up of the XSRF cookie
  document.cookie = 'XSRF-TOKEN=test-xsrf';
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const call = { method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const found = answers[`${method} ${url.split('?')[0]}`];
    if (!found) throw new Error(`unexpected call ${method} ${url}`);
    const a = typeof found === 'function' ? found(call) : found;
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
