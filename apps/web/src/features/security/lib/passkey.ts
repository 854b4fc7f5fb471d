// @simplewebauthn/browser is loaded when a passkey is first used: the login page shows the
// button on every first load, and most visitors never press it.
const webauthn = () => import('@simplewebauthn/browser');

import { passkeyCreationOptions, passkeyLoginOptions, stepUpPasskeyOptions } from '../api/security-api';
import type { PasskeyRequestOptions } from '../api/security-types';

/** Whether this browser can use passkeys at all (the buttons are hidden otherwise). */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The browser's own refusals: the user closed the prompt, or no passkey of this site was there. */
export function passkeyCancelled(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return name === 'NotAllowedError' || name === 'AbortError';
}

/** Makes a new passkey: the server's creation options, then the browser's prompt. */
export async function createPasskey(): Promise<unknown> {
  const [{ startRegistration }, optionsJSON] = await Promise.all([webauthn(), passkeyCreationOptions()]);
  return startRegistration({ optionsJSON });
}

/**
 * Signs a challenge with a passkey of this site: the options the sign-in's second step came with,
 * else a step-up's own (POST User/2fa/passkey/options). The answer goes to the server as `passkey`.
 */
export async function signWithPasskey(options?: PasskeyRequestOptions | null): Promise<unknown> {
  const { startAuthentication } = await webauthn();
  const optionsJSON = options ?? (await stepUpPasskeyOptions());
  return startAuthentication({ optionsJSON });
}

/** Signing in with no password: a challenge of its own, then the browser's prompt. */
export async function passkeyLogin(): Promise<{ challengeId: string; response: unknown }> {
  const [{ startAuthentication }, { challengeId, options }] = await Promise.all([
    webauthn(),
    passkeyLoginOptions(),
  ]);
  return { challengeId, response: await startAuthentication({ optionsJSON: options }) };
}
