import { expect, test } from '@playwright/test';
import type { HistoryPage } from '@vaultline/shared';
import { E2E } from '../playwright.config';
import {
  type AdminDeposit,
  btcHash,
  card,
  ETH_ADDRESS,
  type HistoryApis,
  historyApis,
  shot,
  toggle,
  WIDTHS,
} from './history.helpers';
import { expectNoSeriousA11yViolations, signInViaApi } from './support';

// The history of a signed-in user: conversions, deposits and exchanges from the server, paginated,
// live, in every language and width; and its CSV export.
let apis: HistoryApis;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ baseURL }) => {
  apis = await historyApis(baseURL ?? '');
});
test.afterAll(async () => {
  await apis?.dispose();
});

test('signed-in user: conversion, deposits and exchanges in the history, paginated, live, screenshots', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { admin, user, btc, eth, setExchangeStatus } = apis;
  // Oldest first; newest ends up on page 1.
  const depositOk = btcHash();
  await user.post('Payment/crypto/notify', { assetId: btc.id, amount: '0.05', transactionHash: depositOk });
  const depositBad = btcHash();
  await user.post('Payment/crypto/notify', { assetId: btc.id, amount: '0.02', transactionHash: depositBad });
  const deposits = (await admin.get<{ items: AdminDeposit[] }>('Admin/deposits')).items;
  const depositId = (hash: string) => deposits.find((d) => d.transactionHash === hash)?.id ?? '';
  await admin.post(`Admin/deposits/${depositId(depositOk)}/approve`);
  await admin.post(`Admin/deposits/${depositId(depositBad)}/reject`, {
    notes: 'No such transfer on the chain',
  });
  const lock = await user.post<{ id: string }>('AssetConvert/lock', {
    leftAssetId: btc.id,
    rightAssetId: eth.id,
  });
  const conversionId = await user.post<string>('AssetConvert/convert', {
    transactionLockId: lock.id,
    amount: '0.01',
  });
  const exchange = (body: object = {}) =>
    user.post<{ id: string }>('PublicExchange/createExchange', {
      sourceWalletId: btc.id,
      destinationWalletId: eth.id,
      amount: '0.01',
      userEmail: E2E.userEmail,
      destinationWalletAddress: ETH_ADDRESS,
      ...body,
    });
  const onHold = (await exchange()).id;
  await setExchangeStatus(onHold, -1, 'On hold: sender check');
  const pending = (await exchange()).id;
  await user.post('PublicExchange/confirmTransaction', { exchangeId: pending, transactionHash: btcHash() });
  const awaiting = (await exchange()).id;
  const awaitingDeposit = btcHash();
  await user.post('Payment/crypto/notify', {
    assetId: btc.id,
    amount: '0.03',
    transactionHash: awaitingDeposit,
  });
  const latestDeposit =
    depositId(awaitingDeposit) ||
    (await admin.get<{ items: AdminDeposit[] }>('Admin/deposits')).items.find(
      (d) => d.transactionHash === awaitingDeposit,
    )?.id;

  const first = await user.get<HistoryPage>('History?page=1&pageSize=5');
  const total = first.total;
  expect(total).toBeGreaterThanOrEqual(7);
  expect(first.items.map((i) => i.kind)).toContain('exchange');

  await signInViaApi(page, E2E.userEmail, E2E.userPassword);
  await page.goto('/buy-sell/history');
  await expect(page.getByTestId('showing')).toHaveText(`Showing 1 to 5 of ${total} transactions`);
  await expect(page.getByTestId('page-count')).toHaveText(`Page 1 of ${Math.ceil(total / 5)}`);
  await expect(page.getByTestId('history-card')).toHaveCount(5);
  for (const id of [awaiting, pending, onHold, conversionId]) await expect(card(page, id)).toBeVisible();
  await expect(card(page, conversionId).getByTestId('status-badge')).toHaveText('Success');
  await expect(card(page, onHold).getByTestId('status-badge')).toHaveText('Not Processed');
  await expect(page.getByTestId('feed-status')).toHaveAttribute('data-state', 'Connected');
  await expectNoSeriousA11yViolations(page);

  // Each status expanded (spec-1 §2 details), light desktop.
  const expanded = async (id: string, name: string) => {
    await toggle(page, id).click();
    await expect(toggle(page, id)).toHaveAttribute('aria-expanded', 'true');
    await shot(page, name);
  };
  await expanded(awaiting, 'status-awaiting-verification');
  await expect(card(page, awaiting).getByLabel('Transaction hash of your deposit')).toBeVisible();
  await expanded(pending, 'status-pending');
  await expect(toggle(page, awaiting)).toHaveAttribute('aria-expanded', 'false');
  await expanded(onHold, 'status-not-processed');
  await expect(card(page, onHold)).toContainText('On hold: sender check');
  await expanded(conversionId, 'status-success');
  await expect(card(page, conversionId).getByRole('button', { name: 'Copy transaction hash' })).toHaveCount(
    0,
  );

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('showing')).toHaveText(
    `Showing 6 to ${Math.min(10, total)} of ${total} transactions`,
  );
  const failedId = depositId(depositBad);
  await expect(card(page, failedId).getByTestId('status-badge')).toHaveText('Failed');
  await expanded(failedId, 'status-failed');
  await expect(card(page, failedId)).toContainText('No such transfer on the chain');
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByTestId('showing')).toHaveText(`Showing 1 to 5 of ${total} transactions`);
  await expect(page.locator('[aria-expanded="true"]')).toHaveCount(0);

  // Live for a user: the admin approves the newest deposit while the page is open.
  const started = Date.now();
  await admin.post(`Admin/deposits/${latestDeposit}/approve`);
  await expect(card(page, latestDeposit ?? '').getByTestId('status-badge')).toHaveText('Success', {
    timeout: 2000,
  });
  expect(Date.now() - started).toBeLessThan(2000);

  // Light and dark, desktop and phone, with the awaiting exchange open.
  await toggle(page, awaiting).click();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [label, width] of Object.entries(WIDTHS)) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, `list-${scheme}-${label}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });

  for (const lang of ['fr-fr', 'de-de', 'ru-ru']) {
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByTestId('history-card')).toHaveCount(5);
    await toggle(page, awaiting).click();
    await shot(page, `lang-${lang}`);
    // On a phone the header's buttons wrap rather than run off the screen (French's are the longest).
    await page.setViewportSize({ width: WIDTHS.phone, height: 900 });
    for (const button of await page.locator('main header button').all()) {
      const box = await button.boundingBox();
      expect(box ? box.x + box.width : 0, String(await button.textContent())).toBeLessThanOrEqual(
        WIDTHS.phone,
      );
    }
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
  }
});

test('signed-in CSV export downloads the server file', async ({ page }) => {
  await signInViaApi(page, E2E.userEmail, E2E.userPassword);
  await page.goto('/buy-sell/history');
  await expect(page.getByTestId('history-card')).toHaveCount(5);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^vaultline-history-\d{4}-\d{2}-\d{2}\.csv$/);
  const { readFileSync } = await import('node:fs');
  const lines = readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\r\n');
  const { total } = await apis.user.get<HistoryPage>('History?page=1&pageSize=5');
  expect(lines).toHaveLength(total + 1);
  expect(lines[0]).toMatch(/^id,kind,status,/);
});
