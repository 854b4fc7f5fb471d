import { expect, type Page } from '@playwright/test';

export interface Envelope<T> {
  success: boolean;
  content: T;
  error?: { code: string; error: string } | null;
}

/** Calls the API from the page as the app does: its bearer token and the XSRF cookie echoed. */
export async function callApi<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Envelope<T> }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const cookie = () => document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1];
      if (!cookie()) await fetch('/api/ping', { credentials: 'same-origin' });
      const headers: Record<string, string> = {
        accept: 'application/json',
        'x-xsrf-token': decodeURIComponent(cookie() ?? ''),
        authorization: `Bearer ${localStorage.getItem('accesstoken') ?? ''}`,
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`/api/${path}`, {
        method,
        credentials: 'same-origin',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, path, body },
  );
}

export interface WalletRow {
  id: string;
  ticker: string;
  amount: string;
  held?: string;
}

export const walletsOf = async (page: Page) =>
  (await callApi<WalletRow[]>(page, 'GET', 'Wallets')).body.content;

/** The local chain sends `amount` of `ticker` to the user's own address; waits until it is credited. */
export async function fundOnChain(page: Page, ticker: string, amount: string): Promise<void> {
  const id = (await walletsOf(page)).find((w) => w.ticker === ticker)?.id;
  const sent = await callApi(page, 'POST', 'Payment/crypto/testDeposit', { assetId: id, amount });
  expect(sent.status, JSON.stringify(sent.body.error)).toBe(200);
  await expect
    .poll(async () => (await walletsOf(page)).find((w) => w.ticker === ticker)?.amount, { timeout: 60_000 })
    .toBe(amount);
}

/** Answers the step-up dialog with the next code of the authenticator app. */
export async function answerStepUp(page: Page, code: () => Promise<string>): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Code from your authenticator app').fill(await code());
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();
}
