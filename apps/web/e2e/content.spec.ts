import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import type { ContactMessagesPage } from '@vaultline/shared';
import { E2E } from '../playwright.config';
import { apiAs } from './exchange.helpers';
import { expectNoSeriousA11yViolations, pageShown } from './support';

// Content pages (issue "My account, premium, and the content pages", point 3): contact form,
// newsletter box, AML policy, testimonial carousel; screenshots for review in SHOTS_DIR.

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-content';
const WIDTHS = { desktop: 1280, phone: 390 } as const;
const run = Date.now().toString(36);

/** One full-page PNG of the page as it is now. */
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** Light and dark at desktop and phone widths; back to light desktop afterwards. */
async function screens(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [label, width] of Object.entries(WIDTHS)) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, `${name}-${scheme}-${label}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
}

const notes = (page: Page) => page.getByRole('status', { name: 'Notifications' });

test.describe('contact page', () => {
  test('sends a message that admins can read', async ({ page, baseURL }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    const email = `contact-${run}@example.com`;

    // Nothing is sent while a field is wrong.
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Please enter your full name.')).toBeVisible();
    await expect(page.getByLabel('Full name')).toBeFocused();

    const main = page.locator('main');
    await main.getByLabel('Full name').fill('Ada Lovelace');
    await main.getByLabel('E-mail', { exact: true }).fill(email);
    await main.getByLabel(/^Phone/).fill('+41 79 123 45 67');
    const text = 'When will my deposit be approved?\nThank you.';
    await main.getByLabel('Message', { exact: true }).fill(text);
    await expect(page.getByText(`${text.length} / 5,000 characters`)).toBeVisible();
    const res = page.waitForResponse(
      (r) => r.url().endsWith('/api/Contact') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Send message' }).click();
    expect((await res).status()).toBe(200);
    await expect(notes(page).getByRole('article', { name: 'Message sent' })).toBeVisible();
    await expect(page.getByText('Your message was sent. Thank you!')).toBeVisible();
    await expect(main.getByLabel('Message', { exact: true })).toHaveValue('');

    const admin = await apiAs(baseURL ?? '', E2E.adminEmail, E2E.adminPassword);
    const list = await admin.get<ContactMessagesPage>('Admin/contactMessages?page=1&pageSize=10');
    expect(list.items.find((m) => m.email === email)).toMatchObject({
      fullName: 'Ada Lovelace',
      phone: '+41 79 123 45 67',
      message: 'When will my deposit be approved?\nThank you.',
      language: 'en-us',
    });
    await admin.dispose();
    await expectNoSeriousA11yViolations(page);
    // Pictures of the page itself, once the notification has gone.
    await expect(notes(page).getByRole('article')).toHaveCount(0, { timeout: 8000 });
    await screens(page, 'contact');
  });

  test('shows field errors in French', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'fr-fr'));
    await page.goto('/contact');
    await page.getByLabel('Téléphone').fill('appelez-moi');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.getByText('Veuillez saisir votre nom complet.')).toBeVisible();
    await expect(page.getByText(/Veuillez saisir un numéro de téléphone valide/)).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'contact-errors-fr-fr');
  });
});

test.describe('newsletter box', () => {
  test('stores an address once and thanks the visitor each time', async ({ page }) => {
    await page.goto('/home');
    await pageShown(page);
    const footer = page.locator('footer');
    const box = footer.getByLabel('E-mail address for the newsletter');
    const email = `news-${run}@example.com`;
    for (const attempt of [1, 2]) {
      await box.fill(email);
      const res = page.waitForResponse((r) => r.url().endsWith('/api/newsletter'));
      await footer.getByRole('button', { name: 'Subscribe' }).click();
      const answer = await res;
      expect(answer.status(), `attempt ${attempt}`).toBe(200);
      // The same answer either way: it does not tell whether an address is on the list.
      expect((await answer.json()).content).toEqual({ email, subscribed: true });
      const note = notes(page).getByRole('article', { name: 'Subscribed' }).last();
      await expect(note).toContainText('Thank you! Your e-mail address is on our newsletter list.');
      await expect(box).toHaveValue('');
    }
    await footer.scrollIntoViewIfNeeded();
    await screens(page, 'footer');
  });

  test('explains the limits in the page language before sending', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'de-de'));
    await page.goto('/home');
    await pageShown(page);
    const box = page.locator('footer').getByLabel('E-Mail-Adresse für den Newsletter');
    await box.fill(`${'a'.repeat(65)}@example.com`);
    let sent = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/newsletter')) sent = true;
    });
    await page.locator('footer').getByRole('button', { name: 'Abonnieren' }).click();
    const message = await box.evaluate((el: HTMLInputElement) => el.validationMessage);
    expect(message).toBe(
      'Bitte geben Sie eine gültige E-Mail-Adresse ein: höchstens 254 Zeichen, davon höchstens 64 vor dem @.',
    );
    expect(sent).toBe(false);
  });
});

test('the contact page and the carousel read in German', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'de-de'));
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakt' })).toBeVisible();
  await expect(page.locator('main').getByLabel('Vollständiger Name')).toBeVisible();
  await shot(page, 'contact-de-de-dark');
  await page.goto('/testimonial-carousel');
  await expect(page.getByRole('region', { name: 'Erfahrungsberichte' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Weiter' })).toBeVisible();
  await shot(page, 'carousel-de-de-dark');
});

test.describe('AML policy', () => {
  test('has 6 numbered sections; section 4 has 13 points, sections 5 and 6 three bullets', async ({
    page,
  }) => {
    await page.goto('/aml-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Anti-Money Laundering policy' })).toBeVisible();
    const sections = page.getByTestId('aml-section');
    await expect(sections).toHaveCount(6);
    await expect(sections.nth(3).locator('ol > li')).toHaveCount(13);
    await expect(sections.nth(4).locator('ul > li')).toHaveCount(3);
    await expect(sections.nth(5).locator('ul > li')).toHaveCount(3);
    await expect(page.locator('main').getByRole('heading', { level: 2 })).toHaveText([
      '1.Purpose and scope',
      '2.Compliance officer',
      '3.Know your customer',
      '4.Monitoring of transactions',
      '5.Reporting and record keeping',
      '6.Your obligations',
    ]);
    await expectNoSeriousA11yViolations(page);
    await screens(page, 'aml');
  });

  for (const [lang, title] of [
    ['ru-ru', 'Политика противодействия отмыванию денег'],
    ['fr-fr', "Politique de lutte contre le blanchiment d'argent"],
    ['de-de', 'Richtlinie zur Bekämpfung der Geldwäsche'],
  ] as const) {
    test(`reads in ${lang}`, async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
      await page.goto('/aml-policy');
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const sections = page.getByTestId('aml-section');
      await expect(sections).toHaveCount(6);
      await expect(sections.nth(3).locator('ol > li')).toHaveCount(13);
      await expect(sections.nth(4).locator('ul > li')).toHaveCount(3);
      await expect(sections.nth(5).locator('ul > li')).toHaveCount(3);
      await shot(page, `aml-${lang}`);
    });
  }
});

test.describe('testimonial carousel', () => {
  const region = (page: Page) => page.getByRole('region', { name: 'Testimonials' });
  /** The label of the slide on screen (the others are aria-hidden). */
  const shown = (page: Page) => region(page).locator('[role="group"][aria-hidden="false"]');

  test('pages with next and previous, wrapping, and advances by itself every 3 s', async ({ page }) => {
    await page.goto('/testimonial-carousel');
    await expect(page.getByText(/Demo content: these testimonials are illustrative examples/)).toBeVisible();
    await expect(shown(page)).toHaveAttribute('aria-label', 'Page 1 of 2');
    await expect(shown(page).getByRole('figure')).toHaveCount(6);
    // Three columns on a desktop.
    const tops = await shown(page)
      .getByRole('figure')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(2);

    // Auto-advance while the pointer is elsewhere and nothing inside has focus.
    await page.mouse.move(0, 0);
    await expect(shown(page)).toHaveAttribute('aria-label', 'Page 2 of 2', { timeout: 4500 });
    await expect(shown(page).getByRole('figure')).toHaveCount(2);
    await expect(shown(page)).toHaveAttribute('aria-label', 'Page 1 of 2', { timeout: 4500 });

    // Buttons (focus inside stops the auto-advance, so these pages stay put).
    await region(page).getByRole('button', { name: 'Previous' }).click();
    await expect(shown(page)).toHaveAttribute('aria-label', 'Page 2 of 2');
    await region(page).getByRole('button', { name: 'Next' }).click();
    await expect(shown(page)).toHaveAttribute('aria-label', 'Page 1 of 2');
    await page.keyboard.press('ArrowRight');
    await expect(shown(page)).toHaveAttribute('aria-label', 'Page 2 of 2');
    await page.waitForTimeout(3500);
    await expect(shown(page)).toHaveAttribute('aria-label', 'Page 2 of 2');
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('ArrowLeft');
    await screens(page, 'carousel');
  });

  test('stands still for a user who prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/testimonial-carousel');
    await page.mouse.move(0, 0);
    await expect(shown(page)).toHaveAttribute('aria-label', 'Page 1 of 2');
    await page.waitForTimeout(4000);
    await expect(shown(page)).toHaveAttribute('aria-label', 'Page 1 of 2');
    await expect(region(page).getByRole('button', { name: 'Pause' })).toHaveCount(0);
    await region(page).getByRole('button', { name: 'Next' }).click();
    await expect(shown(page)).toHaveAttribute('aria-label', 'Page 2 of 2');
  });

  test('one column on a phone, in French', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'fr-fr'));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: WIDTHS.phone, height: 900 });
    await page.goto('/testimonial-carousel');
    const slide = page.getByRole('region', { name: 'Témoignages' }).locator('[aria-hidden="false"]');
    await expect(slide).toHaveAttribute('aria-label', 'Page 1 sur 2');
    const lefts = await slide
      .getByRole('figure')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'carousel-fr-fr-phone');
  });
});
