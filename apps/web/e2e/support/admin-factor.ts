import { createPrivateKey } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type CDPSession, expect, type Page, request } from '@playwright/test';
import {
  authenticationResponse,
  newSoftPasskey,
  registrationResponse,
  type SoftPasskey,
} from '../../../api/src/modules/two-factor/soft-authenticator.test-helpers';

/**
 * The back office asks its admins for a second factor on payouts, refunds, fees and partner
 * maximums. The flows server's demo admin gets a software passkey (a real P-256 WebAuthn
 * credential, made in Node) before the specs run (admin-factor.setup.ts): every sign-in as that
 * admin then answers the second step with it, so the session counts as having given a factor.
 * Servers of a spec's own keep a factorless demo admin, whose sign-in has no second step.
 */

/** Where the setup leaves the admin's passkey for the spec processes (one file per server port). */
export const adminFactorFile = (baseURL: string) =>
  path.join(os.tmpdir(), `vaultline-e2e-admin-factor-${new URL(baseURL).port}.json`);

interface StoredFactor {
  credentialId: string;
  privateKeyPem: string;
  userHandle: string;
  /** The server's PUBLIC_URL: a passkey's answer names that origin. */
  origin: string;
  /** The cookies (refresh token) of a session opened before the passkey was added: no factor given in it. */
  olderSession: Awaited<ReturnType<APIRequestContext['storageState']>>;
}

function storedPasskey(baseURL: string): (StoredFactor & { key: SoftPasskey }) | undefined {
  const file = adminFactorFile(baseURL);
  if (!existsSync(file)) return undefined;
  const s = JSON.parse(readFileSync(file, 'utf8')) as StoredFactor;
  const key: SoftPasskey = {
    credentialId: Buffer.from(s.credentialId, 'base64url'),
    privateKey: createPrivateKey(s.privateKeyPem),
    publicKeyCose: '',
    counter: 0,
    userHandle: s.userHandle,
  };
  return { ...s, key };
}

interface Envelope<T> {
  success: boolean;
  content?: T;
  error?: { code: string; error: string } | null;
}
type Second = { twoFactorRequired: true; challengeId: string; passkeyOptions: { challenge: string } | null };
type LoginContent = { jwToken: string } | Second;

/**
 * The body for POST /api/Auth/2fa answering a sign-in's second step with the admin's passkey, or
 * undefined when the sign-in asked for none.
 */
export function secondStepAnswer(baseURL: string, content: unknown): object | undefined {
  const second = content as Partial<Second> | undefined;
  if (!second?.twoFactorRequired) return undefined;
  const stored = storedPasskey(baseURL);
  if (!stored || !second.passkeyOptions)
    throw new Error(`sign-in at ${baseURL} asks a second factor and the e2e admin has no passkey there`);
  return {
    challengeId: second.challengeId,
    passkey: authenticationResponse(stored.key, second.passkeyOptions, stored.origin, { counterless: true }),
  };
}

const xsrfOf = async (ctx: APIRequestContext) =>
  (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';

/**
 * POST /api/Auth with e-mail and password on an API context (its XSRF cookie echoed), then the
 * second step when the account has a factor: the response carrying the tokens.
 */
export async function signInOn(ctx: APIRequestContext, baseURL: string, email: string, password: string) {
  if (!(await xsrfOf(ctx))) await ctx.get('/api/ping');
  const first = await ctx.post('/api/Auth', {
    data: { email, password },
    headers: { 'x-xsrf-token': await xsrfOf(ctx) },
  });
  if (first.status() !== 200) return first;
  const answer = secondStepAnswer(baseURL, ((await first.json()) as Envelope<LoginContent>).content);
  if (!answer) return first;
  return ctx.post('/api/Auth/2fa', { data: answer, headers: { 'x-xsrf-token': await xsrfOf(ctx) } });
}

/** Adds a new software passkey to the signed-in account (options, then the registration answer). */
async function addSoftPasskey(ctx: APIRequestContext, token: string, origin: string, name: string) {
  const headers = async () => ({ authorization: `Bearer ${token}`, 'x-xsrf-token': await xsrfOf(ctx) });
  type Options = { challenge: string; rp?: { id?: string }; user: { id: string } };
  const options = (await (
    await ctx.post('/api/User/passkeys/options', { headers: await headers() })
  ).json()) as Envelope<Options>;
  expect(options.success, JSON.stringify(options.error)).toBe(true);
  const opts = options.content as Options;
  const key = newSoftPasskey(opts.user.id);
  const added = await ctx.post('/api/User/passkeys', {
    headers: await headers(),
    data: { name, response: registrationResponse(key, opts, origin) },
  });
  expect(added.status(), await added.text()).toBe(200);
  return key;
}

/**
 * Gives the demo admin of the server at `baseURL` a passkey (its first factor), from a session
 * opened with the password alone, and stores both for the specs.
 */
export async function enrolAdminPasskey(
  ctx: APIRequestContext,
  baseURL: string,
  publicUrl: string,
  email: string,
  password: string,
): Promise<void> {
  const login = await signInOn(ctx, baseURL, email, password);
  const body = (await login.json()) as Envelope<LoginContent>;
  expect(login.status(), JSON.stringify(body.error)).toBe(200);
  const token = (body.content as { jwToken: string }).jwToken;
  expect(token, 'the demo admin starts without a factor').toBeTruthy();
  const key = await addSoftPasskey(ctx, token, publicUrl, 'E2E admin key');
  const stored: StoredFactor = {
    credentialId: key.credentialId.toString('base64url'),
    privateKeyPem: key.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    userHandle: key.userHandle,
    origin: publicUrl,
    olderSession: await ctx.storageState(),
  };
  writeFileSync(adminFactorFile(baseURL), JSON.stringify(stored), { mode: 0o600 });
}

/**
 * A fresh access token of the admin's session opened before the passkey was added (refreshed from
 * its cookie): a session that never gave a factor, so a protected action opens the step-up dialog.
 * Several specs use it one after the other (one worker), each with the cookie the last one left.
 */
export async function olderAdminSessionToken(baseURL: string): Promise<string> {
  const stored = storedPasskey(baseURL);
  if (!stored) throw new Error(`no stored admin session for ${baseURL}`);
  const ctx = await request.newContext({ baseURL, storageState: stored.olderSession });
  try {
    const res = await ctx.post('/api/Auth/refresh', { headers: { 'x-xsrf-token': await xsrfOf(ctx) } });
    const body = (await res.json()) as Envelope<{ jwToken: string }>;
    expect(res.status(), JSON.stringify(body.error)).toBe(200);
    // The refresh rotated the session's cookie: the next spec must present the new one (the old one,
    // presented again, is a reuse that ends the session).
    const { key: _key, ...rest } = stored;
    const next: StoredFactor = { ...rest, olderSession: await ctx.storageState() };
    writeFileSync(adminFactorFile(baseURL), JSON.stringify(next), { mode: 0o600 });
    return body.content?.jwToken ?? '';
  } finally {
    await ctx.dispose();
  }
}

/**
 * A passkey of its own for the admin's browser (Chromium's virtual authenticator counts its uses up
 * from 0, which the stored key's answers, always 0, must never meet): added through the API from a
 * session that gave the stored passkey, and answered in the form WebAuthn.addCredential takes.
 */
export async function newAdminPasskeyForChromium(baseURL: string, email: string, password: string) {
  const stored = storedPasskey(baseURL);
  if (!stored) throw new Error(`no stored admin passkey for ${baseURL}`);
  const ctx = await request.newContext({ baseURL });
  try {
    const login = await signInOn(ctx, baseURL, email, password);
    const token = ((await login.json()) as Envelope<{ jwToken: string }>).content?.jwToken ?? '';
    const key = await addSoftPasskey(ctx, token, stored.origin, 'E2E browser key');
    const der = key.privateKey.export({ format: 'der', type: 'pkcs8' });
    return {
      credentialId: key.credentialId.toString('base64'),
      isResidentCredential: false,
      rpId: new URL(stored.origin).hostname,
      privateKey: Buffer.from(der).toString('base64'),
      userHandle: Buffer.from(key.userHandle, 'base64url').toString('base64'),
      signCount: 0,
    };
  } finally {
    await ctx.dispose();
  }
}

/** Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a platform passkey store. */
export async function virtualAuthenticator(
  page: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}
