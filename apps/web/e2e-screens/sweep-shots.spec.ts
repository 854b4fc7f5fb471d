import { type Page, test } from '@playwright/test';
import { shot } from '../e2e/support';
import { expectNoA11yViolations } from '../e2e/support/a11y';
import { E2E } from '../playwright.config';
import { prepare, signIn } from './screens.helpers';

// The Networks page's sweep section for visual review, light and dark, desktop (1280) and phone (390).
// Without litecoind the e2e server watches the demo EVM chains only, so an LTC network (when missing)
// and its sweeps are added to the server's answers here (the API tests run the real thing against litecoind -regtest); the page is
// also checked with axe.
const held = [0, 3, 7].map((index, i) => ({
  txid: `${String(i + 1).repeat(64)}`.slice(0, 64),
  vout: i,
  address: `rltc1q${'x9k3m0p7w2'.repeat(4).slice(0, 38 - i)}`,
  index,
  amount: ['0.3', '1.25', '0.0004'][i],
}));
const psbt = `cHNidP8BAH${'ECAAAAAeJSu+Ud7mC7WHXC3F0Vtq0'.repeat(12)}AAAA`;
const sweeps = {
  network: 'LTC',
  ticker: 'LTC',
  held,
  total: '1.5504',
  blocked: null,
  sweeps: [
    {
      id: '6f1c2b9e-4a57-4d0e-9b1a-2f8e7c3d5a10',
      network: 'LTC',
      ticker: 'LTC',
      destination: 'rltc1qoperatorwallet0destination7q2x5k9m3p',
      inputs: held,
      amount: '1.5501',
      fee: '0.0003',
      status: 'built',
      psbt,
      txHash: null,
      txUrl: null,
      createdAt: '2026-11-28T06:00:00.000Z',
      broadcastAt: null,
      dropReason: null,
    },
    {
      id: '0a9d8c7b-6e5f-4a3b-9c2d-1e0f9a8b7c6d',
      network: 'LTC',
      ticker: 'LTC',
      destination: 'rltc1qoperatorwallet0destination7q2x5k9m3p',
      inputs: held.slice(0, 1),
      amount: '2.4999',
      fee: '0.0001',
      status: 'broadcast',
      psbt,
      txHash: 'ab'.repeat(32),
      txUrl: `https://explorer.test/ltc/tx/${'ab'.repeat(32)}`,
      createdAt: '2026-11-27T18:00:00.000Z',
      broadcastAt: '2026-11-27T18:05:00.000Z',
      dropReason: null,
    },
    {
      id: '3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
      network: 'LTC',
      ticker: 'LTC',
      destination: 'rltc1qoperatorwallet0destination7q2x5k9m3p',
      inputs: held.slice(1, 2),
      amount: '1.2498',
      fee: '0.0002',
      status: 'dropped',
      psbt,
      txHash: 'cd'.repeat(32),
      txUrl: `https://explorer.test/ltc/tx/${'cd'.repeat(32)}`,
      createdAt: '2026-11-27T12:00:00.000Z',
      broadcastAt: '2026-11-27T12:05:00.000Z',
      dropReason: `a deposit it spends was spent by ${'ef'.repeat(32)} (block 2841)`,
    },
  ],
};

async function withLtc(page: Page) {
  await page.route('**/api/Admin/chains', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    const first = body.content.networks[0];
    // A server with Debian's litecoind runs a demo LTC chain of its own: its card is used as it is.
    if (!body.content.networks.some((n: { network: string }) => n.network === 'LTC'))
      body.content.networks.push({
        ...first,
        network: 'LTC',
        name: 'Litecoin',
        chainId: 8000013,
        assets: ['LTC'],
        hotWallet: null,
        payoutsWaiting: 0,
        reconciliation: [],
      });
    await route.fulfill({ response: res, json: body });
  });
  await page.route('**/api/Admin/chains/LTC/sweeps', (route) =>
    route.fulfill({ json: { success: true, content: sweeps, error: null } }),
  );
}

const sizes = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };
for (const theme of ['light', 'dark'] as const) {
  for (const [device, viewport] of Object.entries(sizes)) {
    const tag = `${theme}-${device}`;
    test(`sweep section ${tag}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await prepare(page, { dark: theme === 'dark', lang: 'en-us' });
      await page.goto('/home');
      await signIn(page, E2E.adminEmail, E2E.adminPassword);
      await withLtc(page);
      await page.goto('/admin/networks');
      const card = page.getByTestId('network-LTC');
      await card.getByTestId('sweep-total').waitFor();
      await page.waitForTimeout(300);
      await shot(card, `sweep-card-${tag}`);
      await shot(page, `sweep-page-${tag}`);
      await card.getByRole('textbox', { name: /Signed PSBT/ }).fill('not a psbt');
      await card
        .getByLabel(/Sweep to an address of your wallet/)
        .fill('rltc1qoperatorwallet0destination7q2x5k9m3p');
      await shot(card, `sweep-filled-${tag}`);
      if (device === 'desktop' && theme === 'light')
        await expectNoA11yViolations(page, 'admin/networks with LTC sweeps');
    });
  }
}
