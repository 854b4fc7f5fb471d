import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens';

const secret = 'tokens-test-secret-tokens-test-secret-tokens';
const claims = { sub: '5f0c1a52-8a55-4c3b-9d65-1b8a3f9f2e11', role: 'user' as const, premium: false, ver: 3 };

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('verifies its own token, again from the cache, with the same claims', async () => {
    const tokens = createTokenService(secret, 900);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toMatchObject(claims);
    expect(await tokens.verify(token)).toMatchObject(claims);
  });

  it('refuses a token whose payload or signature was changed, even once the genuine one is cached', async () => {
    const tokens = createTokenService(secret, 900);
    const token = await tokens.sign(claims);
    await tokens.verify(token);
    const [h, p, s] = token.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, role: 'admin' })).toString('base64url');
    expect(await tokens.verify(`${h}.${forged}.${s}`)).toEqual({ error: 'invalid' });
    const badSig = `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(badSig)).toEqual({ error: 'invalid' });
  });

  it('refuses a token signed with another secret', async () => {
    const other = await createTokenService(`${secret}-other`, 900).sign(claims);
    expect(await createTokenService(secret, 900).verify(other)).toEqual({ error: 'invalid' });
  });

  it('a cached token still expires on time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
      const tokens = createTokenService(secret, 60);
      const token = await tokens.sign(claims);
      expect(await tokens.verify(token)).toMatchObject(claims);
      vi.setSystemTime(new Date('2026-11-23T10:01:01Z'));
      expect(await tokens.verify(token)).toEqual({ error: 'expired' });
    } finally {
      // The worker runs other files after this one (isolate: false): the clock must be real again.
      vi.useRealTimers();
    }
  });
});
