import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT, changes, fakeApi, initTestI18n, PARTNER_ID, renderWithApi } from '../test/render';
import { PartnerArea } from './partner-area';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const EARNINGS = [
  {
    assetId: '33333333-3333-4333-8333-333333333333',
    ticker: 'ETH',
    available: '0.000123456789',
    total: '0.5',
  },
  { assetId: '44444444-4444-4444-8444-444444444444', ticker: 'BTC', available: '0', total: '0.001' },
];

describe('partner area (/partner)', () => {
  it('explains the area to an account that is not a partner, without an error page', async () => {
    fakeApi({
      'GET /api/partner': {
        status: 403,
        error: { error: 'This account is not a partner.', code: 'NOT_PARTNER' },
      },
    });
    renderWithApi(<PartnerArea />);
    expect(await screen.findByRole('heading', { name: 'This account is not a partner' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask to become a partner' })).toHaveAttribute('href', '/contact');
  });

  it('shows another failure with a retry, not the explanation', async () => {
    let fail = true;
    fakeApi({
      'GET /api/partner': () =>
        fail
          ? { status: 500, error: { error: 'Something went wrong.', code: 'INTERNAL' } }
          : { status: 200, content: ACCOUNT },
      'GET /api/partner/earnings': { status: 200, content: [] },
    });
    renderWithApi(<PartnerArea />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your partner account.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the commission and its maximum as percentages, and the earnings exactly', async () => {
    fakeApi({
      'GET /api/partner': { status: 200, content: ACCOUNT },
      'GET /api/partner/earnings': { status: 200, content: EARNINGS },
    });
    renderWithApi(<PartnerArea />);
    expect(await screen.findByTestId('commission-current')).toHaveTextContent('0.5%');
    expect(screen.getByTestId('commission-max')).toHaveTextContent('2%');
    expect(screen.getByRole('link', { name: 'API reference (OpenAPI)' })).toHaveAttribute(
      'href',
      '/api/docs',
    );
    const rows = await screen.findAllByTestId('earning-row');
    expect(rows).toHaveLength(2);
    // Available ETH: the shared display precision (significant digits of a small amount).
    expect(rows[0]).toHaveTextContent('0.000123');
    expect(
      within(rows[0] as HTMLElement).getByRole('button', { name: 'Move the ETH earnings to my wallet' }),
    ).toBeEnabled();
    // Nothing available: no dead button.
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();
    expect(rows[1]).toHaveTextContent('Nothing to move');
  });

  it('saves a commission typed in percent as the exact fraction, and refuses one above the maximum', async () => {
    let account = ACCOUNT;
    const api = fakeApi({
      'GET /api/partner': () => ({ status: 200, content: account }),
      'GET /api/partner/earnings': { status: 200, content: [] },
      'PUT /api/partner/commission': (c) => {
        account = { ...ACCOUNT, commission: (c.body as { commission: string }).commission };
        return { status: 200, content: account };
      },
    });
    renderWithApi(<PartnerArea />);
    const field = await screen.findByLabelText('New commission');
    expect(field).toHaveValue('0.5');

    fireEvent.change(field, { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save commission' }));
    expect(
      await screen.findByText('The commission cannot be above your maximum of 2 %.'),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(changes(api.calls)).toEqual([]);

    fireEvent.change(field, { target: { value: '1,25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save commission' }));
    await vi.waitFor(() => expect(screen.getByTestId('commission-current')).toHaveTextContent('1.25%'));
    expect(changes(api.calls)).toEqual([
      { call: 'PUT /api/partner/commission', body: { commission: '0.0125' } },
    ]);
  });

  it('shows the server’s reason when the commission is refused', async () => {
    fakeApi({
      'GET /api/partner': { status: 200, content: ACCOUNT },
      'GET /api/partner/earnings': { status: 200, content: [] },
      'PUT /api/partner/commission': {
        status: 400,
        error: { error: 'The commission cannot be above your maximum (0.02).', code: 'COMMISSION_ABOVE_MAX' },
      },
    });
    renderWithApi(<PartnerArea />);
    fireEvent.change(await screen.findByLabelText('New commission'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save commission' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Could not save the commission\. /);
  });

  it('moves an asset’s available earnings to the wallet and names the amount moved', async () => {
    let moved = false;
    const api = fakeApi({
      'GET /api/partner': { status: 200, content: ACCOUNT },
      'GET /api/partner/earnings': () => ({
        status: 200,
        content: moved ? [{ ...EARNINGS[0], available: '0' }] : [EARNINGS[0]],
      }),
      'POST /api/partner/earnings/withdraw': () => {
        moved = true;
        return {
          status: 200,
          content: { id: PARTNER_ID, assetId: EARNINGS[0]?.assetId, amount: '0.000123456789' },
        };
      },
    });
    renderWithApi(<PartnerArea />);
    fireEvent.click(await screen.findByRole('button', { name: 'Move the ETH earnings to my wallet' }));
    expect(await screen.findByText('Nothing to move')).toBeInTheDocument();
    expect(changes(api.calls)).toEqual([
      { call: 'POST /api/partner/earnings/withdraw', body: { assetId: EARNINGS[0]?.assetId } },
    ]);
  });

  it('switches tabs with the arrow keys and keeps the tab in the address', async () => {
    fakeApi({
      'GET /api/partner': { status: 200, content: ACCOUNT },
      'GET /api/partner/earnings': { status: 200, content: [] },
      'GET /api/partner/keys': { status: 200, content: [] },
    });
    renderWithApi(<PartnerArea />, '/partner?tab=widget');
    const widget = await screen.findByRole('tab', { name: 'Widget' });
    expect(widget).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('partner-id')).toHaveTextContent(PARTNER_ID);
    expect((screen.getByTestId('widget-snippet') as HTMLTextAreaElement).value).toBe(
      `<script src="${window.location.origin}/widget.js" data-partner="${PARTNER_ID}" data-from="BTC" data-to="ETH" data-theme="light" async></script>`,
    );
    fireEvent.keyDown(widget, { key: 'Home' });
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Overview' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'API keys' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
  });
});
