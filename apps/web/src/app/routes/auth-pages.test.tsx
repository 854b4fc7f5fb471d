import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeJwt, initTestI18n, renderAt } from '../../features/auth/test/render';
import { notifications } from '../../lib/notify';
import { session } from '../../lib/session';
import { RequireAuth, VisitorOnly } from '../guards';
import ChangePasswordPage from './change-password';
import LoginPage from './login';
import LogoutPage from './logout';
import SignupPage from './signup';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  notifications.clear();
  session.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const user = {
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: null,
  birthDay: '1990-05-01',
  creationDate: '2026-01-01T00:00:00.000Z',
  status: 1,
  role: 'user',
  premium: false,
  premiumUntil: null,
  preferedLanguage: 'en-us',
  preferedCurrency: 'USD',
};

/** The auth pages under the real guards, with stand-ins for the pages they lead to. */
const routes = [
  {
    element: <VisitorOnly />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      { path: '/logout', element: <LogoutPage /> },
      { path: '/my-account', element: <p>my account page</p> },
    ],
  },
  { path: '/changePassword', element: <ChangePasswordPage /> },
  { path: '/home', element: <p>home page</p> },
  { path: '/unauthorized', element: <p>unauthorized page</p> },
];

const titles = () => notifications.get().map((n) => `${n.severity}: ${n.title} / ${n.message}`);

describe('login page', () => {
  it('stores the token and the profile, then goes home', async () => {
    fakeApi({
      'POST /api/Auth': { status: 200, content: { jwToken: fakeJwt() } },
      'GET /api/User': { status: 200, content: user },
    });
    renderAt('/login', routes);
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await u.type(screen.getByLabelText('Password'), 'secret-password{Enter}');
    expect(await screen.findByText('home page')).toBeInTheDocument();
    await waitFor(() => expect(session.get().user?.email).toBe('ada@example.com'));
    expect(titles()).toEqual(['Success: Successfully logged in / Welcome back !']);
  });

  it('applies the profile language when none was chosen on this device', async () => {
    const { i18n } = await import('../../lib/i18n');
    const change = vi.spyOn(i18n, 'changeLanguage').mockResolvedValue();
    fakeApi({
      'POST /api/Auth': { status: 200, content: { jwToken: fakeJwt() } },
      'GET /api/User': { status: 200, content: { ...user, preferedLanguage: 'de-de' } },
    });
    renderAt('/login', routes);
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await u.type(screen.getByLabelText('Password'), 'secret-password{Enter}');
    await waitFor(() => expect(change).toHaveBeenCalledWith('de-de'));
    change.mockRestore();
  });
});

describe('signup page', () => {
  it('creates the account, signs in and goes to my-account', async () => {
    const { calls } = fakeApi({
      'POST /api/Auth/signup': { status: 200, content: { jwToken: fakeJwt() } },
      'GET /api/User': { status: 200, content: user },
    });
    renderAt('/signup', routes);
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('First name'), 'Ada');
    await u.type(screen.getByLabelText('Last name'), 'Lovelace');
    await u.type(screen.getByLabelText('Email'), 'ada@example.com');
    // jsdom's date input takes no typing; set it as the browser's picker would.
    fireEvent.change(screen.getByLabelText('Birthday'), { target: { value: '1990-05-01' } });
    await u.type(screen.getByLabelText('Password'), 'long-enough-1');
    await u.click(screen.getByRole('button', { name: 'REGISTER NOW' }));
    expect(await screen.findByText('my account page')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      birthDay: '1990-05-01',
      password: 'long-enough-1',
    });
    expect(titles()).toEqual(['Success: Account created successfully / Welcome to Vaultline !']);
  });

  it('shows the server field messages on the fields', async () => {
    fakeApi({
      'POST /api/Auth/signup': {
        status: 400,
        error: {
          error: 'Invalid body: birthDay: You must be at least 18 years old to sign up',
          code: 'VALIDATION',
          fields: { birthDay: 'You must be at least 18 years old to sign up' },
        },
      },
    });
    renderAt('/signup', routes);
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('First name'), 'Ada');
    await u.type(screen.getByLabelText('Last name'), 'Lovelace');
    await u.type(screen.getByLabelText('Email'), 'ada@example.com');
    fireEvent.change(screen.getByLabelText('Birthday'), { target: { value: '1990-05-01' } });
    await u.type(screen.getByLabelText('Password'), 'long-enough-1');
    await u.click(screen.getByRole('button', { name: 'REGISTER NOW' }));
    await waitFor(() =>
      expect(titles()).toEqual([
        'Error: Could not create account / Make sure you filled all fields correctly !',
      ]),
    );
    expect(screen.getByText('You must be at least 18 years old to sign up.')).toBeInTheDocument();
    expect(screen.getByLabelText('Birthday')).toHaveAttribute('aria-invalid', 'true');
    expect(session.get().token).toBeNull();
  });
});

describe('logout page', () => {
  it('revokes on the server, clears the session and goes home', async () => {
    session.setToken(fakeJwt());
    const { calls } = fakeApi({ 'POST /api/Auth/logout': { status: 200 } });
    renderAt('/logout', routes);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/Auth/logout']);
    expect(session.get().token).toBeNull();
    expect(localStorage.getItem('accesstoken')).toBeNull();
    expect(titles()).toEqual([
      'Success: Successfully logged out / You have been safely logged out of your account !',
    ]);
  });

  it('still ends the local session when the server cannot be reached', async () => {
    session.setToken(fakeJwt());
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    renderAt('/logout', routes);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(session.get().token).toBeNull();
  });
});

describe('change password page', () => {
  it('sends a visitor without a token home with "Missing reset token." for 10 s', async () => {
    fakeApi({});
    renderAt('/changePassword', routes);
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(notifications.get()).toEqual([
      expect.objectContaining({
        severity: 'Error',
        title: 'Error',
        message: 'Missing reset token.',
        closeAfter: 10_000,
      }),
    ]);
  });

  it('resets with the e-mailed token, then goes to login', async () => {
    const { calls } = fakeApi({ 'POST /api/User/changePassword': { status: 200, content: null } });
    renderAt('/changePassword?token=tok-123&email=ada%40example.com', routes);
    const u = userEvent.setup();
    expect(await screen.findByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await u.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await u.type(screen.getByLabelText('Confirm password'), 'brand-new-pass');
    await u.click(screen.getByRole('button', { name: 'CHANGE PASSWORD' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      email: 'ada@example.com',
      token: 'tok-123',
      newPassword: 'brand-new-pass',
    });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(titles()).toEqual(['Success: Password changed successfully ! / ']);
  });

  it('refuses different passwords with the spec notification and sends nothing', async () => {
    const { calls } = fakeApi({});
    renderAt('/changePassword?token=tok-123', routes);
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await u.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await u.type(screen.getByLabelText('Confirm password'), 'brand-new-pasz');
    await u.click(screen.getByRole('button', { name: 'CHANGE PASSWORD' }));
    await waitFor(() =>
      expect(titles()).toEqual([
        "Error: Passwords don't match / New password and confirm password don't match",
      ]),
    );
    expect(screen.getByText("New password and confirm password don't match")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('does not flag the untouched confirmation while the new password is typed', async () => {
    fakeApi({});
    renderAt('/changePassword?token=tok-123', routes);
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('New password'), 'brand-new-pass');
    await u.click(screen.getByLabelText('Confirm password'));
    expect(screen.queryByText("New password and confirm password don't match")).toBeNull();
    // Once touched, it follows the new password as it changes.
    await u.type(screen.getByLabelText('Confirm password'), 'brand-new-pass');
    await u.tab();
    await u.type(screen.getByLabelText('New password'), 'X');
    expect(await screen.findByText("New password and confirm password don't match")).toBeInTheDocument();
  });

  it('signed in: asks the current password, keeps the fresh token and goes to my-account', async () => {
    session.setToken(fakeJwt());
    const fresh = fakeJwt({ premium: true });
    const { calls } = fakeApi({
      'POST /api/User/changePassword': { status: 200, content: { jwToken: fresh } },
    });
    renderAt('/changePassword', routes);
    const u = userEvent.setup();
    expect(screen.queryByLabelText('Email')).toBeNull();
    await u.type(await screen.findByLabelText('Current password'), 'old-password');
    await u.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await u.type(screen.getByLabelText('Confirm password'), 'brand-new-pass');
    await u.click(screen.getByRole('button', { name: 'CHANGE PASSWORD' }));
    expect(await screen.findByText('my account page')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ currentPassword: 'old-password', newPassword: 'brand-new-pass' });
    expect(session.get().token).toBe(fresh);
  });

  it('shows a wrong current password on its field, with "An error occured."', async () => {
    session.setToken(fakeJwt());
    fakeApi({
      'POST /api/User/changePassword': {
        status: 400,
        error: {
          error: 'Your current password is not correct',
          code: 'WRONG_PASSWORD',
          fields: { currentPassword: 'Your current password is not correct' },
        },
      },
    });
    renderAt('/changePassword', routes);
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Current password'), 'old-password');
    await u.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await u.type(screen.getByLabelText('Confirm password'), 'brand-new-pass');
    await u.click(screen.getByRole('button', { name: 'CHANGE PASSWORD' }));
    await waitFor(() =>
      expect(titles()).toEqual(['Error: An error occured. / Your current password is not correct.']),
    );
    expect(screen.getByText('Your current password is not correct.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says "Could not change password, please try again later." when the server fails', async () => {
    session.setToken(fakeJwt());
    fakeApi({
      'POST /api/User/changePassword': {
        status: 500,
        error: { error: 'Internal server error', code: 'INTERNAL' },
      },
    });
    renderAt('/changePassword', routes);
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Current password'), 'old-password');
    await u.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await u.type(screen.getByLabelText('Confirm password'), 'brand-new-pass{Enter}');
    await waitFor(() =>
      expect(titles()).toEqual([
        'Error: An error occured. / Could not change password, please try again later.',
      ]),
    );
  });
});
