import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { TEST_CARDS } from '@vaultline/shared';
import { E2E } from '../playwright.config';
import { createExchange, type Session, sessionOf, signUp, visitor } from './admin.helpers';

// The data the accessibility and keyboard tests need on the shared server: signed-in sessions of
// each role, a conversion, guest exchanges in every list, a pending IBAN and deposit, a contact
// message. Everything goes through the public API, as a user or the admin would.

export type Role = 'guest' | 'user' | 'premium' | 'admin';

/** A BTC-shaped hash of its own each time: one hash can be claimed by one exchange or deposit only. */
const btcHash = () => randomBytes(32).toString('hex');
export const EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

export interface A11yData {
  baseURL: string;
  sessions: Record<Exclude<Role, 'guest'>, Session>;
  /**
   * E-mail and password per role: each test signs in afresh (an access token lives 15 minutes, the
   * sweep longer, more so on a loaded machine; the premium account's token carries its claim).
   */
  logins: Record<Exclude<Role, 'guest'>, { email: string; password: string }>;
  btcId: string;
  ethId: string;
  transactionId: string;
  /** A guest exchange whose hash was sent (pending), and one still awaiting the deposit. */
  guestExchangeId: string;
  awaitingExchangeId: string;
  targetUserId: string;
  /** A card deposit's checkout of the user, left unpaid (the return page's states). */
  checkoutId: string;
  dispose: () => Promise<void>;
}

/** POST as a session with the XSRF header; the body may be a JSON string (exchange decision notes). */
async function post(s: Session, url: string, data?: unknown) {
  const xsrf = (await s.ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await s.ctx.post(`/api/${url}`, {
    headers: { authorization: `Bearer ${s.token}`, 'x-xsrf-token': xsrf, 'content-type': 'application/json' },
    data: JSON.stringify(data ?? null),
  });
  const body = (await res.json()) as { content: unknown; error?: unknown };
  expect(res.status(), `${url}: ${JSON.stringify(body.error)}`).toBe(200);
  return body.content;
}

/**
 * Premium bought as a user does: the hosted checkout, the card typed on the test gateway's page, and
 * the fresh token once the gateway's webhook has landed.
 */
async function buyPremium(s: Session): Promise<{ jwToken: string }> {
  const { url } = (await post(s, 'User/premium/checkout', {})) as { url: string };
  const paid = await s.ctx.post(url, {
    form: { number: TEST_CARDS.success, expiry: EXPIRY, cvc: '123' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const xsrf = (await s.ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  let token = '';
  await expect
    .poll(async () => {
      const res = await s.ctx.post('/api/User/premium', {
        headers: {
          authorization: `Bearer ${s.token}`,
          'x-xsrf-token': xsrf,
          'content-type': 'application/json',
        },
        data: '{}',
      });
      if (res.ok()) token = ((await res.json()) as { content: { jwToken: string } }).content.jwToken;
      return res.status();
    })
    .toBe(200);
  return { jwToken: token };
}

export async function createA11yData(baseURL: string): Promise<A11yData> {
  // New accounts and e-mails on every call (each spec file makes its own data on the shared server).
  const STAMP = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = await sessionOf(baseURL, E2E.adminEmail, E2E.adminPassword);
  const user = await sessionOf(baseURL, E2E.userEmail, E2E.userPassword);
  const premiumUser = {
    firstName: 'Ada',
    lastName: `Prem${STAMP}`,
    email: `ada.${STAMP}@e2e.vaultline.test`,
  };
  await signUp(baseURL, { ...premiumUser, password: 'ada-password-123' });
  const premium = await sessionOf(baseURL, premiumUser.email, 'ada-password-123');
  const bought = await buyPremium(premium);
  // A pending IBAN and a deposit awaiting verification for the admin's lists.
  await post(premium, 'User/iban', { iban: 'CH9300762011623852957' });
  const targetUserId = ((await premium.call('GET', 'User')).body.content as { id: string }).id;

  const list = (await user.call('GET', 'Wallets/list')).body.content as { id: string; ticker: string }[];
  const idOf = (t: string) => list.find((w) => w.ticker === t)?.id ?? '';
  const [btcId, ethId] = [idOf('BTC'), idOf('ETH')];
  await post(premium, 'Payment/crypto/notify', {
    assetId: btcId,
    amount: '0.015',
    transactionHash: btcHash(),
  });

  // A signed-in conversion for the status page.
  const lock = (await post(user, 'AssetConvert/lock', { leftAssetId: btcId, rightAssetId: ethId })) as {
    id: string;
  };
  const transactionId = (await post(user, 'AssetConvert/convert', {
    transactionLockId: lock.id,
    amount: '0.01',
  })) as string;

  // A card deposit's checkout left unpaid: its id is in the hosted page's way back.
  const { url: hosted } = (await post(user, 'Payment/card/checkout', {
    assetId: idOf('EUR'),
    amount: '10',
  })) as {
    url: string;
  };
  const page = await (await user.ctx.get(hosted)).text();
  const checkoutId = /\/payment\/return\?id=([0-9a-f-]{36})/.exec(page)?.[1] ?? '';
  expect(checkoutId).not.toBe('');

  // Guest exchanges: one awaiting the deposit, one pending with its hash, one approved, one rejected.
  const guestExchangeId = await createExchange(baseURL, `guest.${STAMP}@example.com`, '0.01');
  const awaitingExchangeId = await createExchange(baseURL, `awaiting.${STAMP}@example.com`, '0.01');
  const { ctx, post: guestPost } = await visitor(baseURL);
  const confirmed = await guestPost('PublicExchange/confirmTransaction', {
    exchangeId: guestExchangeId,
    transactionHash: btcHash(),
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const contact = await guestPost('Contact', {
    fullName: 'Ida Contact',
    email: `ida.${STAMP}@example.com`,
    phone: '+41 79 123 45 67',
    message: 'A question about fees, from the accessibility test.',
  });
  expect(contact.status(), await contact.text()).toBe(200);
  await ctx.dispose();
  for (const [status, notes] of [
    [1, 'Paid out'],
    [0, 'Deposit never arrived'],
  ] as const) {
    const id = await createExchange(baseURL, `decided.${status}.${STAMP}@example.com`, '0.02');
    await post(admin, `Admin/anonymousExchanges/update?exchangeId=${id}&status=${status}`, notes);
  }

  const sessions = { user, premium, admin };
  expect(bought.jwToken).not.toBe('');
  return {
    baseURL,
    sessions,
    logins: {
      user: { email: E2E.userEmail, password: E2E.userPassword },
      premium: { email: premiumUser.email, password: 'ada-password-123' },
      admin: { email: E2E.adminEmail, password: E2E.adminPassword },
    },
    btcId,
    ethId,
    transactionId,
    guestExchangeId,
    awaitingExchangeId,
    targetUserId,
    checkoutId,
    dispose: async () => {
      for (const s of Object.values(sessions)) await s.dispose();
    },
  };
}

/** A new access token of the role, signed in now (never one older than the test). */
export async function freshToken(data: A11yData, role: Exclude<Role, 'guest'>): Promise<string> {
  const { email, password } = data.logins[role];
  const s = await sessionOf(data.baseURL, email, password);
  await s.dispose();
  return s.token;
}

/** A fresh price lock for the preview page (it lives 60 s), taken by the user signed in now. */
export async function freshLock(data: A11yData): Promise<string> {
  const { email, password } = data.logins.user;
  const s = await sessionOf(data.baseURL, email, password);
  try {
    const lock = (await post(s, 'AssetConvert/lock', {
      leftAssetId: data.btcId,
      rightAssetId: data.ethId,
    })) as {
      id: string;
    };
    return lock.id;
  } finally {
    await s.dispose();
  }
}

/**
 * Before the page's scripts run on our origin: English, the light theme (or dark) unless a choice
 * was made on the page, and the role's access token (the app reads `accesstoken` at start).
 */
export async function prepare(
  page: Page,
  token: string | null,
  opts: { dark?: boolean } = {},
): Promise<void> {
  await page.addInitScript(
    ({ t, dark }) => {
      if (localStorage.getItem('lang') === null) localStorage.setItem('lang', 'en-us');
      if (localStorage.getItem('dark') === null) localStorage.setItem('dark', String(dark));
      if (t && localStorage.getItem('accesstoken') === null) localStorage.setItem('accesstoken', t);
    },
    { t: token, dark: opts.dark ?? false },
  );
}
