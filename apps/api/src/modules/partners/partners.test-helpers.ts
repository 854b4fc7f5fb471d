import type { PartnerKeyScope } from '@vaultline/shared';
import type { TestApp } from '../../test/test-app';
import { createUser, session } from '../auth/auth.test-helpers';
import { makeUser } from '../ledger/ledger.test-helpers';

export interface TestPartner {
  userId: string;
  /** The partner's session access token (the partner area: /api/partner/*). */
  token: string;
  /** An API key (the partner API: /api/v1/*). */
  key: string;
  keyId: string;
  email: string;
}

/**
 * A partner made through the real routes: a user signs in, an admin makes it a partner, the
 * partner sets its commission (when given) and creates one API key with the scopes asked.
 */
export async function makePartner(
  t: TestApp,
  opts: { maxCommission?: string; commission?: string; scopes?: PartnerKeyScope[] } = {},
): Promise<TestPartner> {
  const { email, password } = await createUser(t);
  const { token } = await session(t, email, password);
  const userId = (await call(t, 'GET', '/api/User', token)).id as string;
  const admin = await makeUser(t, { role: 'admin' });
  await call(t, 'POST', `/api/Admin/partners/${userId}`, admin.token, {
    maxCommission: opts.maxCommission ?? '0.02',
  });
  if (opts.commission !== undefined)
    await call(t, 'PUT', '/api/partner/commission', token, { commission: opts.commission });
  const created = await call(t, 'POST', '/api/partner/keys', token, {
    name: 'test key',
    scopes: opts.scopes ?? ['read', 'exchanges'],
  });
  return { userId, token, key: created.key, keyId: created.id, email };
}

/** A partner API call with an API key (no session, no XSRF cookie: a server's call). */
export function withKey(
  t: TestApp,
  key: string | undefined,
  opts: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object; headers?: object },
) {
  return t.app.inject({
    method: opts.method ?? 'GET',
    url: opts.url,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...opts.headers },
    ...(opts.payload ? { payload: opts.payload } : {}),
  });
}

async function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string,
  payload?: object,
) {
  const res = await t.request({ method, url, token, ...(payload ? { payload } : {}) });
  if (res.statusCode !== 200) throw new Error(`${method} ${url} failed: ${res.statusCode} ${res.body}`);
  return res.json().content;
}
