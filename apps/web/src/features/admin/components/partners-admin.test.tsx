import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import AdminPartnersPage from '../../../app/routes/admin/partners';
import { fakeApi, initTestI18n, renderAdmin } from '../test/render';
import { maxPercentToFraction } from './partners-dialog';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const USER_ID = '11111111-1111-4111-8111-111111111111';
const PARTNER = {
  userId: USER_ID,
  email: 'shop@example.com',
  maxCommission: '0.02',
  commission: '0.005',
  createdAt: '2026-11-01T10:00:00.000Z',
  exchanges: 12,
  successfulExchanges: 10,
  volumeUsd: '123456.78',
  earningsUsd: '617.28',
};
const posts = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST').map((c) => ({ url: c.url, body: c.body }));

describe('back office partners', () => {
  it('lists partners with commission, exchanges, volume and earnings in USD', async () => {
    fakeApi({ 'GET /api/Admin/partners': { status: 200, content: [PARTNER] } });
    renderAdmin(<AdminPartnersPage />, '/admin/partners');
    const row = await screen.findByTestId('partner-row');
    expect(within(row).getByRole('link', { name: 'shop@example.com' })).toHaveAttribute(
      'href',
      `/admin/user/${USER_ID}`,
    );
    expect(row).toHaveTextContent('0.5%');
    expect(row).toHaveTextContent('max 2%');
    expect(row).toHaveTextContent('$123,456.78');
    expect(row).toHaveTextContent('$617.28');
    expect(row).toHaveTextContent('of 12');
  });

  it('makes an account a partner by e-mail, sending the maximum as a fraction', async () => {
    const api = fakeApi({
      'GET /api/Admin/partners': { status: 200, content: [] },
      'GET /api/Admin/searchUser': {
        status: 200,
        content: [
          {
            id: '33333333-3333-4333-8333-333333333333',
            email: 'shop@example.com.evil',
            firstName: 'X',
            lastName: 'Y',
            status: 1,
          },
          { id: USER_ID, email: 'Shop@Example.com', firstName: 'Anna', lastName: 'Berg', status: 1 },
        ],
      },
      [`POST /api/Admin/partners/${USER_ID}`]: { status: 200, content: PARTNER },
    });
    renderAdmin(<AdminPartnersPage />, '/admin/partners');
    expect(await screen.findByText(/No partners yet/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add partner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make an account a partner' });
    fireEvent.change(within(dialog).getByLabelText('E-mail or user id'), {
      target: { value: 'shop@example.com' },
    });
    fireEvent.change(within(dialog).getByLabelText('Maximum commission (%)'), { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make partner' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('from 0 to 5 with at most 4 decimals');
    expect(posts(api.calls)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Maximum commission (%)'), { target: { value: '1.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make partner' }));
    await vi.waitFor(() =>
      expect(posts(api.calls)).toEqual([
        { url: `/api/Admin/partners/${USER_ID}`, body: { maxCommission: '0.015' } },
      ]),
    );
  });

  it('says so when no account has the e-mail, and sends nothing', async () => {
    const api = fakeApi({
      'GET /api/Admin/partners': { status: 200, content: [] },
      'GET /api/Admin/searchUser': { status: 200, content: [] },
    });
    renderAdmin(<AdminPartnersPage />, '/admin/partners');
    fireEvent.click(await screen.findByRole('button', { name: 'Add partner' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('E-mail or user id'), {
      target: { value: 'nobody@example.com' },
    });
    fireEvent.change(within(dialog).getByLabelText('Maximum commission (%)'), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make partner' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No account has this e-mail address.');
    expect(posts(api.calls)).toEqual([]);
  });

  it('changes a partner’s maximum from its row', async () => {
    const api = fakeApi({
      'GET /api/Admin/partners': { status: 200, content: [PARTNER] },
      [`POST /api/Admin/partners/${USER_ID}`]: { status: 200, content: PARTNER },
    });
    renderAdmin(<AdminPartnersPage />, '/admin/partners');
    const row = await screen.findByTestId('partner-row');
    fireEvent.click(
      within(row).getByRole('button', { name: 'Change the maximum commission of shop@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Maximum commission of shop@example.com' });
    expect(within(dialog).queryByLabelText('E-mail or user id')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Maximum commission (%)'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save maximum' }));
    await vi.waitFor(() =>
      expect(posts(api.calls)).toEqual([
        { url: `/api/Admin/partners/${USER_ID}`, body: { maxCommission: '0.03' } },
      ]),
    );
  });

  it('opens on the account a user page sent (?add=<id>), without asking who', async () => {
    const api = fakeApi({
      'GET /api/Admin/partners': { status: 200, content: [] },
      [`POST /api/Admin/partners/${USER_ID}`]: { status: 200, content: PARTNER },
    });
    renderAdmin(<AdminPartnersPage />, `/admin/partners?add=${USER_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Make an account a partner' });
    expect(dialog).toHaveTextContent(USER_ID);
    expect(within(dialog).queryByLabelText('E-mail or user id')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Maximum commission (%)'), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make partner' }));
    await vi.waitFor(() =>
      expect(posts(api.calls)).toEqual([
        { url: `/api/Admin/partners/${USER_ID}`, body: { maxCommission: '0.01' } },
      ]),
    );
  });

  it('turns a maximum typed in percent into the exact fraction, up to the 5 % ceiling', () => {
    expect(maxPercentToFraction('2')).toBe('0.02');
    expect(maxPercentToFraction('0,0001')).toBe('0.000001');
    expect(maxPercentToFraction('5')).toBe('0.05');
    expect(maxPercentToFraction('5.0001')).toBeNull();
    expect(maxPercentToFraction('')).toBeNull();
    expect(maxPercentToFraction('-1')).toBeNull();
  });
});
