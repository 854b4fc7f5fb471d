import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../features/auth/test/render';
import { ChatWidget } from './chat-widget';

const SCRIPT = '#tidio-chat-script';
const settings = (chatWidgetKey: string | null) => ({
  'GET /api/settings': {
    status: 200,
    content: {
      minimumTransactionAmount: '99',
      chatWidgetKey,
      feeRate: '0.005',
      partners: [],
      lockTtlSeconds: 60,
    },
  },
});

async function renderWidget() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ChatWidget />
    </QueryClientProvider>,
  );
  // Wait for the settings to arrive and React to commit the effect that follows.
  await waitFor(() => expect(client.getQueryState(['settings'])?.status).not.toBe('pending'));
  await new Promise((r) => setTimeout(r, 0));
}

afterEach(() => {
  cleanup();
  document.querySelector(SCRIPT)?.remove();
  vi.unstubAllGlobals();
});

describe('chat widget', () => {
  it('adds no script when the server has no chat key', async () => {
    const { calls } = fakeApi(settings(null));
    await renderWidget();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/settings']);
    expect(document.querySelector(SCRIPT)).toBeNull();
    expect(document.querySelectorAll('script[src*="tidio"]')).toHaveLength(0);
  });

  it('adds no script when the settings cannot be read', async () => {
    fakeApi({ 'GET /api/settings': { status: 500, error: { error: 'down', code: 'INTERNAL' } } });
    await renderWidget();
    expect(document.querySelectorAll('script[src*="tidio"]')).toHaveLength(0);
  });

  it('adds no script for a key that is not a plain widget key', async () => {
    fakeApi(settings('abc"><script>alert(1)</script>'));
    await renderWidget();
    expect(document.querySelectorAll('script[src*="tidio"]')).toHaveLength(0);
  });

  it("loads the widget's script once a key is set", async () => {
    fakeApi(settings('  abcdefghij0123456789 '));
    await renderWidget();
    await waitFor(() => expect(document.querySelector(SCRIPT)).not.toBeNull());
    const script = document.querySelector<HTMLScriptElement>(SCRIPT);
    expect(script?.src).toBe('https://code.tidio.co/abcdefghij0123456789.js');
    expect(script?.async).toBe(true);
    expect(document.querySelectorAll('script[src*="tidio"]')).toHaveLength(1);
  });
});
