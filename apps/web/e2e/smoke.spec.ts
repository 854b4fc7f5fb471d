import { expect, test } from '@playwright/test';

test('the server serves the app and the API on one port', async ({ page, request }) => {
  const ping = await request.get('/api/ping');
  expect((await ping.json()).content.status).toBe('ok');
  await page.goto('/');
  await expect(page.locator('#root')).not.toBeEmpty();
});
