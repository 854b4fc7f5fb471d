import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changes, fakeApi, initTestI18n, renderWithApi } from '../test/render';
import { KeysSection } from './keys-section';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const KEY_ID = '55555555-5555-4555-8555-555555555555';
const SECRET = 'vl_live_abcdef0123456789abcdef0123456789';
const listed = (revokedAt: string | null) => ({
  id: KEY_ID,
  name: 'Shop server',
  prefix: 'vl_live_abcd',
  scopes: ['read', 'exchanges'],
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt,
});

describe('API keys', () => {
  it('creates a key, shows it once with a warning, then lists only its prefix', async () => {
    let keys: unknown[] = [];
    const api = fakeApi({
      'GET /api/partner/keys': () => ({ status: 200, content: keys }),
      'POST /api/partner/keys': () => {
        keys = [listed(null)];
        return { status: 200, content: { id: KEY_ID, key: SECRET } };
      },
    });
    renderWithApi(<KeysSection />);
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const form = await screen.findByRole('dialog', { name: 'New API key' });

    // Nothing is sent without a name or a scope.
    fireEvent.click(within(form).getByRole('checkbox', { name: /^Read/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(within(form).getByText('Name the key.')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one scope.')).toBeInTheDocument();
    expect(changes(api.calls)).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: '  Shop server ' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /^Exchanges/ }));
    fireEvent.click(within(form).getByRole('checkbox', { name: /^Read/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));

    const once = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(once).getByLabelText('API key')).toHaveValue(SECRET);
    expect(within(once).getByRole('note')).toHaveTextContent('it will not be shown again');
    expect(within(once).getByRole('button', { name: 'Copy API key' })).toBeInTheDocument();
    // Scopes in the contract's order, the name trimmed.
    expect(changes(api.calls)).toEqual([
      { call: 'POST /api/partner/keys', body: { name: 'Shop server', scopes: ['read', 'exchanges'] } },
    ]);

    fireEvent.click(within(once).getByRole('button', { name: 'I have saved it' }));
    const row = await screen.findByTestId('key-row');
    expect(within(row).getByTestId('key-prefix')).toHaveTextContent('vl_live_abcd…');
    expect(document.body.textContent).not.toContain(SECRET);
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it('revokes a key after a confirmation', async () => {
    let revoked: string | null = null;
    const api = fakeApi({
      'GET /api/partner/keys': () => ({ status: 200, content: [listed(revoked)] }),
      [`DELETE /api/partner/keys/${KEY_ID}`]: () => {
        revoked = '2026-11-21T10:00:00.000Z';
        return { status: 200, content: true };
      },
    });
    renderWithApi(<KeysSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke the key Shop server' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the key “Shop server”?' });
    // Cancel sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(changes(api.calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke the key Shop server' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke the key Shop server' })).toBeNull();
    expect(changes(api.calls)).toEqual([{ call: `DELETE /api/partner/keys/${KEY_ID}`, body: undefined }]);
  });

  it('keeps the create dialog open with the server’s reason when the key is refused', async () => {
    fakeApi({
      'GET /api/partner/keys': { status: 200, content: [] },
      'POST /api/partner/keys': {
        status: 409,
        error: { error: 'You already have 20 active API keys. Revoke one first.', code: 'PARTNER_KEY_LIMIT' },
      },
    });
    renderWithApi(<KeysSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
    const form = await screen.findByRole('dialog', { name: 'New API key' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'k' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^Could not create the key\. /);
  });
});
