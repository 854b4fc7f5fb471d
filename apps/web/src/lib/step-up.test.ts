import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeJwt, initTestI18n } from '../features/auth/test/render';
import { api } from './api-client';
import { session } from './session';
import { setStepUpHandler, stepUpWanted, twoFactorRequired } from './step-up';

beforeAll(initTestI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
  twoFactorRequired.set(null);
});

const needed = { status: 401, error: { error: 'Give your second factor', code: 'TWO_FACTOR_NEEDED' } };

describe('step-up in the API client', () => {
  it('asks for a factor on 401 TWO_FACTOR_NEEDED and sends the request again with `twoFactor`', async () => {
    session.setToken(fakeJwt());
    let tries = 0;
    const { calls } = fakeApi({
      'POST /api/User/changePassword': async () =>
        ++tries === 1 ? needed : { status: 200, content: { jwToken: 'new' } },
    });
    const asked: string[] = [];
    const off = setStepUpHandler(async (req) => {
      asked.push(req.message);
      await req.attempt({ code: '123456' });
      return true;
    });
    try {
      await expect(api.post('User/changePassword', { newPassword: 'x' })).resolves.toEqual({
        jwToken: 'new',
      });
    } finally {
      off();
    }
    expect(asked).toHaveLength(1);
    expect(calls.map((c) => c.body)).toEqual([
      { newPassword: 'x' },
      { newPassword: 'x', twoFactor: { code: '123456' } },
    ]);
    // The session stays: a step-up is not an expired token (no refresh, no sign-out).
    expect(session.get().token).not.toBeNull();
  });

  it('a refused factor rejects the attempt, and giving up rejects the action with the first error', async () => {
    session.setToken(fakeJwt());
    const invalid = { status: 400, error: { error: 'Wrong code', code: 'TWO_FACTOR_INVALID' } };
    let tries = 0;
    fakeApi({ 'DELETE /api/User/passkeys/p1': async () => (++tries === 1 ? needed : invalid) });
    const refusals: string[] = [];
    const off = setStepUpHandler(async (req) => {
      await req.attempt({ code: '000000' }).catch((e: Error) => refusals.push(e.message));
      return false;
    });
    try {
      await expect(api.delete('User/passkeys/p1')).rejects.toMatchObject({ code: 'TWO_FACTOR_NEEDED' });
    } finally {
      off();
    }
    expect(refusals).toHaveLength(1);
  });

  it('without a shell to ask, the error goes to the caller; 403 TWO_FACTOR_REQUIRED raises the notice', async () => {
    session.setToken(fakeJwt());
    expect(stepUpWanted.get()).toBe(false);
    fakeApi({
      'POST /api/Admin/fee': needed,
      'POST /api/Admin/minimum': {
        status: 403,
        error: { error: 'Set up a second factor first', code: 'TWO_FACTOR_REQUIRED' },
      },
    });
    await expect(api.post('Admin/fee', {})).rejects.toMatchObject({ code: 'TWO_FACTOR_NEEDED' });
    await expect(api.post('Admin/minimum', {})).rejects.toMatchObject({ status: 403 });
    expect(twoFactorRequired.get()).toMatchObject({ action: true });
  });
});
