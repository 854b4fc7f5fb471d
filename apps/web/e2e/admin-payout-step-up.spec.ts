import { expect, request, test } from '@playwright/test';
import { E2E } from '../playwright.config';
import { expectNoSeriousA11yViolations, pageShown, shot } from './support';
import {
  newAdminPasskeyForChromium,
  olderAdminSessionToken,
  signInOn,
  virtualAuthenticator,
} from './support/admin-factor';

// A passkey belongs to a host name: the admin's page opens on localhost (the server's PUBLIC_URL).
const localhost = `http://localhost:${new URL(E2E.baseURL).port}`;
test.use({ baseURL: localhost });

interface Envelope<T> {
  success: boolean;
  content: T;
  error?: { code: string; error: string } | null;
}
interface Payout {
  id: string;
  reference: string;
  status: string;
  reason: string | null;
  txHash: string | null;
}

/** A guest exchange ETH -> BNB worth more than the automatic payout limit, deposited by the local chain. */
async function heldPayoutExchange(): Promise<string> {
  const guest = await request.newContext({ baseURL: E2E.baseURL });
  try {
    await guest.get('/api/ping');
    const xsrf = (await guest.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const wallets = (
      (await (await guest.get('/api/Wallets/list')).json()) as Envelope<{ id: string; ticker: string }[]>
    ).content;
    const id = (t: string) => wallets.find((w) => w.ticker === t)?.id;
    const created = await guest.post('/api/PublicExchange/createExchange', {
      headers: { 'x-xsrf-token': xsrf },
      data: {
        sourceWalletId: id('ETH'),
        destinationWalletId: id('BNB'),
        amount: '1',
        userEmail: 'held.payout@example.com',
        destinationWalletAddress: '0x3333333333333333333333333333333333333333',
      },
    });
    const exchange = (await created.json()) as Envelope<{ id: string }>;
    expect(created.status(), JSON.stringify(exchange.error)).toBe(200);
    const sent = await guest.post('/api/PublicExchange/testDeposit', {
      headers: { 'x-xsrf-token': xsrf },
      data: { exchangeId: exchange.content.id },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    return exchange.content.id;
  } finally {
    await guest.dispose();
  }
}

test('an admin sends a payout held over the limit through the step-up dialog, with a passkey', async ({
  page,
}) => {
  const exchangeId = await heldPayoutExchange();

  // The chain confirms the deposit; its payout is worth more than AUTO_PAYOUT_MAX_USD and waits.
  const api = await request.newContext({ baseURL: E2E.baseURL });
  const login = await signInOn(api, E2E.baseURL, E2E.adminEmail, E2E.adminPassword);
  const token = ((await login.json()) as Envelope<{ jwToken: string }>).content.jwToken;
  const payoutOf = async () => {
    const res = await api.get('/api/Admin/chains/payouts', { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as Envelope<{ items: Payout[] }>;
    expect(res.status(), JSON.stringify(body.error)).toBe(200);
    return body.content.items.find((p) => p.reference === exchangeId);
  };
  await expect.poll(async () => (await payoutOf())?.status, { timeout: 45_000 }).toBe('approval');
  expect((await payoutOf())?.reason).toBe('overLimit');

  // The admin's browser holds the passkey; the page's session was opened before the passkey was
  // added, so it has given no factor: Send asks for one.
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await cdp.send('WebAuthn.addCredential', {
    authenticatorId,
    credential: await newAdminPasskeyForChromium(E2E.baseURL, E2E.adminEmail, E2E.adminPassword),
  });
  await page.goto('/home');
  await page.evaluate(
    (t) => localStorage.setItem('accesstoken', t),
    await olderAdminSessionToken(E2E.baseURL),
  );
  await page.goto('/admin/networks');
  await pageShown(page);
  await page.getByRole('button', { name: 'Waiting' }).click();
  const item = page.getByTestId('payout').filter({ hasText: '0x3333333333333333333333333333333333333333' });
  await expect(item).toHaveAttribute('data-status', 'approval');
  await item.getByRole('button', { name: 'Send', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Confirm it is you with your second factor to continue.');
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'admin-payout-step-up');
  await dialog.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(dialog).toBeHidden();

  // Sent on chain, once: the payout leaves the waiting list and gets its hash.
  await expect
    .poll(async () => (await payoutOf())?.txHash ?? null, { timeout: 30_000 })
    .toMatch(/^0x[0-9a-f]{64}$/);
  expect(['signed', 'sent', 'mined', 'confirmed']).toContain((await payoutOf())?.status);
  await api.dispose();
});
