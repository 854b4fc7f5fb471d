import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../auth/test/render';
import { FactorForm } from './factor-form';

beforeAll(async () => {
  await initTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FactorForm: the typed code it asks for', () => {
  it('an account with an authenticator app types its code, or a recovery code instead', async () => {
    const onProof = vi.fn(async () => {});
    render(<FactorForm choice={{ code: true, totp: true, passkey: false }} onProof={onProof} />);
    await userEvent.type(screen.getByLabelText('Code from your authenticator app'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(onProof).toHaveBeenCalledWith({ code: '123456' });
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.getByLabelText('Recovery code')).toBeInTheDocument();
  });

  it('an account with passkeys only is never asked for an authenticator code it does not have', async () => {
    vi.stubGlobal('PublicKeyCredential', class {});
    const onProof = vi.fn(async () => {});
    render(<FactorForm choice={{ code: true, totp: false, passkey: true }} onProof={onProof} />);
    expect(screen.queryByLabelText('Code from your authenticator app')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use a code from the app instead' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcde-12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(onProof).toHaveBeenCalledWith({ recoveryCode: 'abcde-12345' });
  });
});
