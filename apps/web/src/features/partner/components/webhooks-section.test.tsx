import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changes, fakeApi, initTestI18n, renderWithApi } from '../test/render';
import { WebhooksSection } from './webhooks-section';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HOOK_ID = '66666666-6666-4666-8666-666666666666';
const HOOK = {
  id: HOOK_ID,
  url: 'https://shop.example/hooks',
  events: ['exchange.created', 'exchange.updated'],
  createdAt: '2026-11-20T10:00:00.000Z',
  failingSince: null,
  disabledAt: null,
};
const delivery = (n: number, status: 'pending' | 'delivered' | 'failed') => ({
  id: `77777777-7777-4777-8777-77777777777${n}`,
  eventId: `88888888-8888-4888-8888-88888888888${n}`,
  endpointId: HOOK_ID,
  url: HOOK.url,
  type: 'exchange.updated',
  exchangeId: `99999999-9999-4999-8999-99999999999${n}`,
  status,
  attempts: status === 'failed' ? 5 : 1,
  lastStatusCode: status === 'failed' ? 500 : 200,
  lastError: status === 'failed' ? 'HTTP 500' : null,
  nextAttemptAt: null,
  deliveredAt: status === 'delivered' ? '2026-11-20T10:00:01.000Z' : null,
  createdAt: '2026-11-20T10:00:00.000Z',
});

describe('webhooks', () => {
  it('adds an endpoint and shows its signing secret once', async () => {
    let hooks: unknown[] = [];
    const api = fakeApi({
      'GET /api/partner/webhooks': () => ({ status: 200, content: hooks }),
      'GET /api/partner/webhooks/deliveries': { status: 200, content: { items: [], nextCursor: null } },
      'POST /api/partner/webhooks': () => {
        hooks = [HOOK];
        return { status: 200, content: { id: HOOK_ID, secret: 'whsec_0123456789' } };
      },
    });
    renderWithApi(<WebhooksSection />);
    expect(await screen.findByText('No endpoints yet.')).toBeInTheDocument();
    expect(await screen.findByText('No deliveries yet.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const form = await screen.findByRole('dialog', { name: 'New webhook endpoint' });
    fireEvent.change(within(form).getByLabelText('Endpoint address'), {
      target: { value: 'ftp://shop.example' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(
      within(form).getByText('Enter a full address, e.g. https://example.com/hooks'),
    ).toBeInTheDocument();
    expect(changes(api.calls)).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Endpoint address'), {
      target: { value: ' https://shop.example/hooks ' },
    });
    fireEvent.click(within(form).getByRole('checkbox', { name: /exchange\.created/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    const once = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(once).getByLabelText('Signing secret')).toHaveValue('whsec_0123456789');
    expect(changes(api.calls)).toEqual([
      {
        call: 'POST /api/partner/webhooks',
        body: { url: 'https://shop.example/hooks', events: ['exchange.updated'] },
      },
    ]);
    fireEvent.click(within(once).getByRole('button', { name: 'I have saved it' }));
    expect(await screen.findByTestId('webhook-row')).toHaveTextContent('https://shop.example/hooks');
    expect(screen.queryByDisplayValue('whsec_0123456789')).toBeNull();
  });

  it('rotates a secret after a confirmation, and enables a disabled endpoint', async () => {
    let disabled: string | null = '2026-11-21T10:00:00.000Z';
    const api = fakeApi({
      'GET /api/partner/webhooks': () => ({ status: 200, content: [{ ...HOOK, disabledAt: disabled }] }),
      'GET /api/partner/webhooks/deliveries': { status: 200, content: { items: [], nextCursor: null } },
      [`POST /api/partner/webhooks/${HOOK_ID}/rotate`]: { status: 200, content: { secret: 'whsec_new' } },
      [`POST /api/partner/webhooks/${HOOK_ID}/enable`]: () => {
        disabled = null;
        return { status: 200, content: HOOK };
      },
    });
    renderWithApi(<WebhooksSection />);
    const row = await screen.findByTestId('webhook-row');
    expect(within(row).getByText('Disabled')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Enable again' }));
    expect(await within(row).findByText('Active')).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'New secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Replace the signing secret?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'New secret' }));
    const once = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(once).getByLabelText('Signing secret')).toHaveValue('whsec_new');
    expect(changes(api.calls).map((c) => c.call)).toEqual([
      `POST /api/partner/webhooks/${HOOK_ID}/enable`,
      `POST /api/partner/webhooks/${HOOK_ID}/rotate`,
    ]);
  });

  it('lists deliveries page by page and sends one again', async () => {
    const api = fakeApi({
      'GET /api/partner/webhooks': { status: 200, content: [HOOK] },
      'GET /api/partner/webhooks/deliveries': (c) =>
        new URL(c.url, 'http://x').searchParams.get('cursor') === 'c2'
          ? { status: 200, content: { items: [delivery(2, 'delivered')], nextCursor: null } }
          : { status: 200, content: { items: [delivery(1, 'failed')], nextCursor: 'c2' } },
      [`POST /api/partner/webhooks/deliveries/${delivery(1, 'failed').id}/replay`]: {
        status: 200,
        content: delivery(1, 'pending'),
      },
    });
    renderWithApi(<WebhooksSection />);
    const first = await screen.findByTestId('delivery-row');
    expect(first).toHaveTextContent('Failed');
    expect(first).toHaveTextContent('HTTP 500');
    fireEvent.click(screen.getByRole('button', { name: 'Show older deliveries' }));
    await vi.waitFor(() => expect(screen.getAllByTestId('delivery-row')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Show older deliveries' })).toBeNull();

    fireEvent.click(
      within(first).getByRole('button', { name: /^Send the exchange\.updated event of .* again$/ }),
    );
    await vi.waitFor(() =>
      expect(changes(api.calls)).toEqual([
        { call: `POST /api/partner/webhooks/deliveries/${delivery(1, 'failed').id}/replay`, body: undefined },
      ]),
    );
  });
});
