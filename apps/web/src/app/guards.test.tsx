import { act, cleanup, render, screen } from '@testing-library/react';
import { ROLE_CLAIM } from '@vaultline/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../lib/session';
import { memoryRoutes } from '../test/memory-routes';
import { RequireAdmin, RequireAuth, RequirePremium, VisitorOnly } from './guards';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
function token(opts: { role?: 'admin' | 'user'; premium?: boolean; expired?: boolean }) {
  const exp = Math.floor(Date.now() / 1000) + (opts.expired ? -60 : 600);
  return `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', exp, [ROLE_CLAIM]: opts.role ?? 'user', premium: !!opts.premium })}.sig`;
}

function visit(path: string) {
  const page = (name: string) => ({ element: <p>{name}</p> });
  const { ui, probe } = memoryRoutes(path, [
    { path: '/home', ...page('home') },
    { path: '/unauthorized', ...page('unauthorized') },
    { path: '/forbidden', ...page('forbidden') },
    { element: <VisitorOnly />, children: [{ path: '/login', ...page('login') }] },
    {
      element: <RequireAuth />,
      children: [
        { path: '/my-account', ...page('my-account') },
        { element: <RequirePremium />, children: [{ path: '/premium/manage', ...page('manage') }] },
      ],
    },
    { path: '/admin', element: <RequireAdmin />, children: [{ index: true, ...page('admin') }] },
  ]);
  render(ui);
  return probe;
}

afterEach(() => {
  cleanup();
  act(() => session.clear());
});

describe('route guards', () => {
  it.each([
    ['visitor', null, '/login', 'login'],
    ['visitor', null, '/my-account', 'unauthorized'],
    ['visitor', null, '/admin', 'unauthorized'],
    ['visitor', null, '/premium/manage', 'unauthorized'],
    ['expired token', token({ expired: true }), '/my-account', 'unauthorized'],
    ['user', token({}), '/login', 'home'],
    ['user', token({}), '/my-account', 'my-account'],
    ['user', token({}), '/admin', 'forbidden'],
    ['user', token({}), '/premium/manage', 'forbidden'],
    ['premium user', token({ premium: true }), '/premium/manage', 'manage'],
    ['admin', token({ role: 'admin' }), '/admin', 'admin'],
  ])('%s visiting %s lands on %s', async (_who, tok, path, expected) => {
    if (tok) session.setToken(tok);
    const probe = visit(path);
    expect(await screen.findByText(expected)).toBeInTheDocument();
    expect(probe.pathname()).toBe(
      { login: '/login', home: '/home', unauthorized: '/unauthorized', forbidden: '/forbidden' }[expected] ??
        path,
    );
  });

  it('sends a user who signs out while on a guarded page to /unauthorized', async () => {
    session.setToken(token({}));
    visit('/my-account');
    expect(await screen.findByText('my-account')).toBeInTheDocument();
    act(() => session.clear());
    expect(await screen.findByText('unauthorized')).toBeInTheDocument();
  });
});
