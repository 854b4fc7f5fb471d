import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, session, softPasskeyOf } from '../auth/auth.test-helpers';
import {
  authenticationResponse,
  newSoftPasskey,
  registrationResponse,
} from './soft-authenticator.test-helpers';
import { enableTotp, get, mailsTo, post, signedIn, totpCode } from './two-factor.test-helpers';

// Every JSON line the app logs (trace level: the most it ever writes), for the secrets check.
const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'trace' }, logStream });
  origin = t.app.config.publicUrl;
});
afterAll(() => t.close());

interface Device {
  userAgent: string;
  ip: string;
}
const LAPTOP: Device = { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0', ip: '203.0.113.10' };

/** The password step from a device (user agent + address). */
const loginFrom = (email: string, password: string, d: Device = LAPTOP) =>
  t.request({
    method: 'POST',
    url: '/api/Auth',
    payload: { email, password },
    headers: { 'user-agent': d.userAgent },
    remoteAddress: d.ip,
  });

/** Signs in with the password, then answers the second step with `answer`, from the device. */
async function signIn(email: string, password: string, answer: (c: ChallengeOut) => object, d = LAPTOP) {
  const first = await loginFrom(email, password, d);
  expect(first.statusCode, first.body).toBe(200);
  const challenge = first.json().content as ChallengeOut;
  expect(challenge.twoFactorRequired).toBe(true);
  const res = await t.request({
    method: 'POST',
    url: '/api/Auth/2fa',
    payload: { challengeId: challenge.challengeId, ...answer(challenge) },
    headers: { 'user-agent': d.userAgent },
    remoteAddress: d.ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content.jwToken as string;
}
interface ChallengeOut {
  twoFactorRequired: true;
  challengeId: string;
  passkeyOptions: { challenge: string };
}

/** A user without a factor, signed in (their first sign-in) from the laptop. */
async function signedInFrom(d: Device = LAPTOP) {
  const u = await createUser(t);
  const res = await loginFrom(u.email, u.password, d);
  expect(res.statusCode, res.body).toBe(200);
  return { ...u, token: res.json().content.jwToken as string };
}

const idOf = async (email: string) => {
  const [row] = await t.services.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};
const setLanguage = (email: string, language: 'en-us' | 'fr-fr' | 'de-de' | 'ru-ru') =>
  t.services.db.update(users).set({ preferedLanguage: language }).where(eq(users.email, email));

type Event = { id: string; type: string; userAgent: string | null; ip: string | null; detail: string | null };
const eventsOf = async (token: string) => {
  const res = await get(t, '/api/User/security-events', token);
  expect(res.statusCode).toBe(200);
  return res.json().content.events as Event[];
};
const subjectsTo = async (email: string) => (await mailsTo(t, email)).map((m) => m.subject);

/** Adds a software passkey through the API (the session must pass the step-up if it needs one). */
async function addPasskey(token: string, name: string) {
  const key = newSoftPasskey();
  const options = await post(t, '/api/User/passkeys/options', token);
  expect(options.statusCode, options.body).toBe(200);
  const response = registrationResponse(key, options.json().content, origin);
  const res = await post(t, '/api/User/passkeys', token, { name, response });
  expect(res.statusCode, res.body).toBe(200);
  return { key, response, id: res.json().content.passkey.id as string };
}

describe('security e-mails and the security history', () => {
  it('a factor added, a factor removed, a recovery code used: each e-mailed in the user’s language and in their own history only', async () => {
    const u = await signedInFrom(LAPTOP);
    await setLanguage(u.email, 'fr-fr');
    const { secret, recoveryCodes } = await enableTotp(t, u.token);
    const token = await signIn(u.email, u.password, () => ({ code: totpCode(secret) }));
    // The sign-in with a code gave a factor: the session adds and removes a passkey.
    const { id } = await addPasskey(token, 'Clé du bureau');
    const removed = await t.request({ method: 'DELETE', url: `/api/User/passkeys/${id}`, token });
    expect(removed.statusCode, removed.body).toBe(200);
    const code = recoveryCodes[3] as string;
    const after = await signIn(u.email, u.password, () => ({ recoveryCode: code }));

    const events = await eventsOf(after);
    expect(events.map((e) => e.type)).toEqual([
      'recoveryCode.used',
      'passkey.removed',
      'passkey.added',
      'totp.enabled',
    ]);
    expect(events[0]).toMatchObject({ detail: '9', userAgent: LAPTOP.userAgent, ip: LAPTOP.ip });
    expect(events[1]).toMatchObject({ detail: 'Clé du bureau' });
    expect(events[2]).toMatchObject({ detail: 'Clé du bureau' });

    const mails = await mailsTo(t, u.email);
    const subjects = mails.map((m) => m.subject);
    for (const subject of [
      'Une application d’authentification a été ajoutée à votre compte Vaultline',
      'Une clé d’accès a été ajoutée à votre compte Vaultline',
      'Une clé d’accès a été retirée de votre compte Vaultline',
      'Un code de récupération de votre compte Vaultline a été utilisé',
    ])
      expect(subjects.filter((s) => s === subject)).toHaveLength(1);
    const used = mails.find((m) => m.subject.startsWith('Un code de récupération'));
    expect(used?.body).toContain('Codes restants : 9.');
    expect(used?.body).toContain(`Depuis: ${LAPTOP.userAgent} (${LAPTOP.ip})`);
    // No English e-mail to a French account, and never a code in one.
    expect(subjects.some((s) => s.includes('your Vaultline account'))).toBe(false);
    for (const m of mails) for (const c of recoveryCodes) expect(m.body).not.toContain(c);
    // The two sign-ins came from the laptop only: no new-device e-mail (the first one knew it).
    expect(subjects).not.toContain('Nouvelle connexion à votre compte Vaultline');

    // Another user sees none of these rows, and the first user none of theirs.
    const other = await signedIn(t);
    expect(await eventsOf(other.token)).toEqual([]);
    await enableTotp(t, other.token);
    const theirs = await eventsOf(other.token);
    expect(theirs.map((e) => e.type)).toEqual(['totp.enabled']);
    expect(events.map((e) => e.id)).not.toContain(theirs[0]?.id);
    expect((await eventsOf(after)).map((e) => e.id)).toEqual(events.map((e) => e.id));
  });

  it('a sign-in from a new browser or network is e-mailed and in the history; the same device again is not', async () => {
    const u = await createUser(t);
    await setLanguage(u.email, 'de-de');
    const NEW_DEVICE = 'Neue Anmeldung bei Ihrem Vaultline-Konto';
    const newDeviceMails = async () => (await subjectsTo(u.email)).filter((s) => s === NEW_DEVICE).length;

    // The account's first sign-in only learns its device.
    expect((await loginFrom(u.email, u.password)).statusCode).toBe(200);
    expect(await newDeviceMails()).toBe(0);
    // The same browser on the same network (another address of its /24): nothing.
    expect((await loginFrom(u.email, u.password, { ...LAPTOP, ip: '203.0.113.77' })).statusCode).toBe(200);
    expect(await newDeviceMails()).toBe(0);

    const phone: Device = { userAgent: 'Mozilla/5.0 (iPhone) Safari/18.0', ip: '203.0.113.10' };
    const res = await loginFrom(u.email, u.password, phone);
    expect(res.statusCode).toBe(200);
    expect(await newDeviceMails()).toBe(1);
    const mail = (await mailsTo(t, u.email)).find((m) => m.subject === NEW_DEVICE);
    expect(mail?.body).toContain(`Von: ${phone.userAgent} (${phone.ip})`);

    // The phone again: no second e-mail, no second row.
    expect((await loginFrom(u.email, u.password, phone)).statusCode).toBe(200);
    expect(await newDeviceMails()).toBe(1);

    // The laptop's browser from another network is a new device too.
    const travel: Device = { ...LAPTOP, ip: '198.51.100.20' };
    const last = await loginFrom(u.email, u.password, travel);
    expect(await newDeviceMails()).toBe(2);

    const events = await eventsOf(last.json().content.jwToken);
    expect(events.map((e) => [e.type, e.userAgent, e.ip])).toEqual([
      ['signIn.newDevice', travel.userAgent, travel.ip],
      ['signIn.newDevice', phone.userAgent, phone.ip],
    ]);
  });

  it('an admin’s own factor changes, recovery code and new device also write the admin audit log; a user’s do not', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const adminId = await idOf(admin.email);
    const passkey = softPasskeyOf(admin.email);
    if (!passkey) throw new Error('the admin has no test passkey');
    // The first sign-in (with the test passkey) gives a factor: the session may add and remove.
    const { token } = await session(t, admin.email, admin.password);
    const { recoveryCodes } = await enableTotp(t, token);
    await addPasskey(token, 'Backup key');
    const testKey = (await get(t, '/api/User/2fa', token)).json().content.passkeys as {
      id: string;
      name: string;
    }[];
    const original = testKey.find((p) => p.name === 'Test key');
    const removed = await t.request({ method: 'DELETE', url: `/api/User/passkeys/${original?.id}`, token });
    expect(removed.statusCode, removed.body).toBe(200);
    const elsewhere: Device = { userAgent: 'curl/8.0', ip: '192.0.2.50' };
    const adminToken = await signIn(
      admin.email,
      admin.password,
      () => ({ recoveryCode: recoveryCodes[0] }),
      elsewhere,
    );

    const page = await get(t, `/api/Admin/auditLog?targetId=${adminId}&pageSize=50`, adminToken);
    expect(page.statusCode, page.body).toBe(200);
    const rows = page.json().content.items as {
      action: string;
      actor: { id: string };
      targetType: string;
      after: Record<string, unknown>;
    }[];
    expect(rows.map((r) => r.action).sort()).toEqual(
      [
        'twoFactor.added', // the authenticator
        'twoFactor.added', // the backup key
        'twoFactor.removed',
        'twoFactor.recoveryCodeUsed',
        'twoFactor.newDevice',
      ].sort(),
    );
    for (const r of rows) expect(r).toMatchObject({ actor: { id: adminId }, targetType: 'user' });
    expect(rows.find((r) => r.action === 'twoFactor.newDevice')?.after).toMatchObject({
      event: 'signIn.newDevice',
      ip: elsewhere.ip,
    });
    // The admin is e-mailed like anyone.
    expect(await subjectsTo(admin.email)).toEqual(
      expect.arrayContaining([
        'An authenticator app was added to your Vaultline account',
        'A passkey was added to your Vaultline account',
        'A passkey was removed from your Vaultline account',
        'A recovery code of your Vaultline account was used',
        'New sign-in to your Vaultline account',
      ]),
    );

    // A user's own events are theirs alone: nothing in the back office's log.
    const u = await signedIn(t);
    await enableTotp(t, u.token);
    const none = await get(t, `/api/Admin/auditLog?targetId=${await idOf(u.email)}`, adminToken);
    expect(none.json().content.total).toBe(0);
  });
});

describe('second-factor secrets never leave setup', () => {
  it('the TOTP secret, its URL, codes, recovery codes and passkey answers are in no log line, and the status never shows the secret', async () => {
    const from = lines.length;
    const u = await signedIn(t);
    const setup = await post(t, '/api/User/2fa/totp/setup', u.token);
    const { secret, otpauthUrl } = setup.json().content as { secret: string; otpauthUrl: string };
    const enableCode = totpCode(secret, Date.now() - 30_000);
    const enabled = await post(t, '/api/User/2fa/totp/enable', u.token, { code: enableCode });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const recoveryCodes = enabled.json().content.recoveryCodes as string[];
    const signInCode = totpCode(secret);
    const token = await signIn(u.email, u.password, () => ({ code: signInCode }));
    const { key, response: registration } = await addPasskey(token, 'Laptop');
    const recovery = recoveryCodes[5] as string;
    const afterRecovery = await signIn(u.email, u.password, () => ({ recoveryCode: recovery }));
    let assertion: ReturnType<typeof authenticationResponse> | undefined;
    const byPasskey = await signIn(u.email, u.password, (c) => {
      assertion = authenticationResponse(key, c.passkeyOptions, origin);
      return { passkey: assertion };
    });
    // A step-up with a code in the body, too.
    const stepUpCode = totpCode(secret, Date.now() + 30_000);
    const off = await post(t, '/api/User/2fa/totp/disable', u.token, { code: stepUpCode });
    expect(off.statusCode, off.body).toBe(200);

    // After setup, no answer carries the secret.
    for (const tk of [u.token, token, afterRecovery, byPasskey]) {
      const status = await get(t, '/api/User/2fa', tk);
      expect(status.statusCode).toBe(200);
      expect(status.body).not.toContain(secret);
      expect(Object.keys(status.json().content).sort()).toEqual(['passkeys', 'recoveryCodesLeft', 'totp']);
      expect((await get(t, '/api/User/security-events', tk)).body).not.toContain(secret);
    }
    expect(enabled.body).not.toContain(secret);

    const written = lines.slice(from);
    // The steps above did write lines (one per request at least): the check reads something.
    expect(written.length).toBeGreaterThan(15);
    const raw = written.join('\n');
    const secrets = [
      secret,
      otpauthUrl,
      encodeURIComponent(otpauthUrl),
      ...recoveryCodes,
      ...recoveryCodes.map((c) => c.replace('-', '')),
      registration.response.attestationObject,
      registration.response.clientDataJSON,
      assertion?.response.signature as string,
      assertion?.response.authenticatorData as string,
      assertion?.response.clientDataJSON as string,
    ];
    for (const s of secrets) expect(raw).not.toContain(s);
    // A six-digit code as a value (or inside one), never as part of a longer number (times, ids).
    const values = written.flatMap((l) => stringsIn(JSON.parse(l)));
    for (const c of [enableCode, signInCode, stepUpCode]) {
      const alone = new RegExp(`(^|\\D)${c}(\\D|$)`);
      expect(values.filter((v) => alone.test(v))).toEqual([]);
    }
  });
});

/** Every string value in a parsed log line, however deep. */
function stringsIn(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (v && typeof v === 'object') return Object.values(v).flatMap(stringsIn);
  return [];
}
