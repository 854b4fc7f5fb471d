import { type Page, test } from '@playwright/test';
import { shot } from '../e2e/support';
import { E2E } from '../playwright.config';

const viewports = { desktop: { width: 1280, height: 860 }, phone: { width: 375, height: 760 } } as const;

async function prepare(page: Page, opts: { dark: boolean; lang: string }) {
  await page.addInitScript(
    ({ dark, lang }) => {
      localStorage.setItem('dark', String(dark));
      localStorage.setItem('lang', lang);
    },
    { dark: opts.dark, lang: opts.lang },
  );
}

for (const lang of ['en-us', 'ru-ru']) {
  for (const theme of ['light', 'dark'] as const) {
    for (const [device, viewport] of Object.entries(viewports)) {
      const tag = `${lang}-${theme}-${device}`;
      test(`shell ${tag}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await prepare(page, { dark: theme === 'dark', lang });
        await page.goto('/home');
        await page.locator('footer').waitFor();
        await page.waitForTimeout(300);
        await shot(page.locator('header'), `header-${tag}`);
        await shot(page.locator('footer'), `footer-${tag}`);
        if (device === 'desktop') {
          await page.locator('button[aria-controls="user-menu"]').click();
          await page.waitForTimeout(300);
          await shot(page, `user-menu-${tag}`);
          await page.keyboard.press('Escape');
        } else {
          await page.locator('button[aria-controls="mobile-menu"]').click();
          await page.waitForTimeout(300);
          await shot(page, `mobile-menu-${tag}`);
        }
        await page.goto('/unauthorized');
        await page.waitForTimeout(300);
        await shot(page, `unauthorized-${tag}`);
      });
    }
  }
}

test('signed-in admin: premium-less avatar, admin link, back office, notifications', async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  await prepare(page, { dark: false, lang: 'en-us' });
  await page.goto('/home');
  await page.evaluate(
    async ({ email, password }) => {
      await fetch('/api/ping');
      const xsrf = decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '');
      const res = await fetch('/api/Auth', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        body: JSON.stringify({ email, password }),
      });
      localStorage.setItem('accesstoken', (await res.json()).content.jwToken);
    },
    { email: E2E.adminEmail, password: E2E.adminPassword },
  );
  await page.goto('/admin');
  await page.waitForTimeout(300);
  await shot(page, 'admin-en-us-light-desktop');
  await page.locator('button[aria-controls="user-menu"]').click();
  await page.waitForTimeout(300);
  await shot(page, 'admin-user-menu-en-us-light-desktop');
  await page.keyboard.press('Escape');
  await page.locator('footer').getByRole('button').last().scrollIntoViewIfNeeded();
  await page.locator('#newsletter-email').fill('shots@example.com');
  await page.locator('footer button[type="submit"]').click();
  await page.locator('article[data-severity]').waitFor();
  await page.waitForTimeout(400);
  await shot(page, 'notification-en-us-light-desktop');
  await page.setViewportSize(viewports.phone);
  await page.goto('/admin/outbox');
  await page.waitForTimeout(300);
  await shot(page, 'admin-en-us-light-phone');

  // The longest header: Russian with the admin link, at the smallest width showing the full nav.
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.locator('footer select').first().selectOption('ru-ru');
  await page.locator('footer select[data-state="success"]').waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page.locator('body > #root header').first(), 'admin-header-ru-ru-light-1024');
  await page.locator('footer select').first().selectOption('en-us');
});
