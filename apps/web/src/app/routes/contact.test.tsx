import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, initTestI18n, renderPage } from '../../features/auth/test/render';
import ContactPage from './contact';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('contact page', () => {
  it("shows the operator's address as a mail link when one is set", async () => {
    fakeApi({ 'GET /api/Contact': { status: 200, content: { email: 'support@vaultline.example' } } });
    renderPage(<ContactPage />);
    const link = await screen.findByRole('link', { name: 'support@vaultline.example' });
    expect(link).toHaveAttribute('href', 'mailto:support@vaultline.example');
    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Send us a message' })).toBeInTheDocument();
  });

  it('names no address when none is set, and still offers the form', async () => {
    const { calls } = fakeApi({ 'GET /api/Contact': { status: 200, content: { email: null } } });
    renderPage(<ContactPage />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByText('You can also write to us at')).toBeNull();
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeInTheDocument();
  });
});
