import { expect, test } from '@playwright/test';
import { E2E } from '../playwright.config';
import { enrolAdminPasskey, signInOn } from './support/admin-factor';

// Runs before the flows specs (a project they depend on): the back office asks its admins for a
// second factor on money actions, so the demo admin adds a passkey first, as a real one would.
test('the demo admin adds a passkey; signing in then asks for it', async ({ request, baseURL }) => {
  const base = baseURL ?? E2E.baseURL;
  const publicUrl = `http://localhost:${new URL(base).port}`;
  await enrolAdminPasskey(request, base, publicUrl, E2E.adminEmail, E2E.adminPassword);

  const first = await request.post('/api/Auth', {
    data: { email: E2E.adminEmail, password: E2E.adminPassword },
    headers: {
      'x-xsrf-token':
        (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
    },
  });
  const body = (await first.json()) as { content: { twoFactorRequired?: boolean; methods?: string[] } };
  expect(body.content.twoFactorRequired).toBe(true);
  expect(body.content.methods).toContain('passkey');
  const signed = await signInOn(request, base, E2E.adminEmail, E2E.adminPassword);
  expect(signed.status(), await signed.text()).toBe(200);
});
