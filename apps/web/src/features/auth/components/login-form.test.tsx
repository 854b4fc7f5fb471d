import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../../lib/notify';
import { fakeApi, initTestI18n, renderPage } from '../test/render';
import { LoginForm } from './login-form';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  notifications.clear();
  vi.unstubAllGlobals();
});

const fill = async (email: string, password: string) => {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  return user;
};

describe('LoginForm', () => {
  it('shows field errors on submit and sends nothing', async () => {
    const { calls } = fakeApi({});
    renderPage(<LoginForm onSignedIn={() => {}} onSecondStep={() => {}} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'LOG IN' }));
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('submits with Enter and hands over the token with the welcome notification', async () => {
    const { calls } = fakeApi({ 'POST /api/Auth': { status: 200, content: { jwToken: 'jwt-1' } } });
    const onSignedIn = vi.fn();
    renderPage(<LoginForm onSignedIn={onSignedIn} onSecondStep={() => {}} />);
    const user = await fill('Someone@Example.com', 'secret-password');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('jwt-1'));
    expect(calls[0]?.body).toEqual({ email: 'someone@example.com', password: 'secret-password' });
    expect(notifications.get().map((n) => [n.severity, n.title, n.message])).toEqual([
      ['Success', 'Successfully logged in', 'Welcome back !'],
    ]);
  });

  it('hands over the second step when the account has a factor, with no token and no welcome', async () => {
    const challenge = {
      twoFactorRequired: true,
      challengeId: '00000000-0000-4000-8000-0000000000aa',
      methods: ['totp', 'recoveryCode'],
      passkeyOptions: null,
    };
    fakeApi({ 'POST /api/Auth': { status: 200, content: challenge } });
    const onSignedIn = vi.fn();
    const onSecondStep = vi.fn();
    renderPage(<LoginForm onSignedIn={onSignedIn} onSecondStep={onSecondStep} />);
    const user = await fill('a@b.co', 'right-password');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSecondStep).toHaveBeenCalledWith(challenge));
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(notifications.get()).toHaveLength(0);
  });

  it.each([
    [401, 'INVALID_CREDENTIALS', 'Please check your credentials are correct.'],
    [403, 'ACCOUNT_DISABLED', 'Your account has been disabled. Please contact our support.'],
    [500, 'INTERNAL', 'An unknown error occured.'],
    [429, 'RATE_LIMITED', 'An unknown error occured.'],
  ])('a %i (%s) answer reads "%s"', async (status, code, text) => {
    fakeApi({ 'POST /api/Auth': { status, error: { error: 'whatever the server said', code } } });
    const onSignedIn = vi.fn();
    renderPage(<LoginForm onSignedIn={onSignedIn} onSecondStep={() => {}} />);
    const user = await fill('a@b.co', 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'LOG IN' }));
    await waitFor(() => expect(notifications.get()).toHaveLength(1));
    expect(notifications.get()[0]).toMatchObject({
      severity: 'Error',
      title: 'Could not login into your account',
      message: text,
    });
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('shows a spinner and ignores repeat clicks while the request runs', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const { calls } = fakeApi({
      'POST /api/Auth': async () => {
        await held;
        return { status: 200, content: { jwToken: 'jwt-2' } };
      },
    });
    const onSignedIn = vi.fn();
    renderPage(<LoginForm onSignedIn={onSignedIn} onSecondStep={() => {}} />);
    const user = await fill('a@b.co', 'secret-password');
    const button = screen.getByRole('button', { name: 'LOG IN' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByTestId('spinner')).toBeInTheDocument();
    await user.click(button);
    await user.keyboard('{Enter}');
    release();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.url === '/api/Auth')).toHaveLength(1);
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
  });
});
