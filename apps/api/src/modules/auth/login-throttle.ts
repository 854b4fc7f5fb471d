import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';

/** A browser the account signed in on: sent back to the Auth calls only. */
export const DEVICE_COOKIE = 'vl_device';
const DEVICE_COOKIE_PATH = '/api/Auth';
const DEVICE_DAYS = 180;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

type Settings = Pick<Config, 'authAccountRateLimit' | 'cookieSecret' | 'isProduction'>;

/**
 * Sign-in attempts limited per account (decision 0044), on top of the route's per-address limit:
 * failed sign-ins from clients the account never signed in on are counted per account (the e-mail
 * as typed, known or not, so the answers tell nothing about which accounts exist); past the limit
 * any such attempt gets 429 before its password is checked, the right one included. A browser that
 * signed in to the account carries a device cookie bound to it: its failures are counted per device
 * instead, so stuffing from many addresses never locks the owner out of a device it uses.
 * The counts are in Redis when REDIS_URL is set (every instance shares them), as the other limits.
 */
export function createLoginThrottle(app: FastifyInstance, config: Settings) {
  const { max, timeWindow } = config.authAccountRateLimit;
  const subjects = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (req: FastifyRequest) => subjects.get(req) ?? `login:ip:${req.ip}`,
  });

  const tag = (deviceId: string, email: string) =>
    createHmac('sha256', config.cookieSecret)
      .update(`login-device\n${deviceId}\n${email}`)
      .digest('base64url');

  /** The device id when the request carries this account's device cookie; undefined otherwise. */
  function knownDevice(req: FastifyRequest, email: string): string | undefined {
    const [id, mac] = (req.cookies[DEVICE_COOKIE] ?? '').split('.');
    if (!id || !mac || !DEVICE_ID.test(id)) return undefined;
    const expected = Buffer.from(tag(id, email));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  }

  return {
    /**
     * Before the password is checked: throws 429 when this attempt's count (its device's, or the
     * account's for an unknown client) is used up. Answers what to call when the password is wrong.
     */
    async check(req: FastifyRequest, reply: FastifyReply, emailText: string): Promise<() => Promise<void>> {
      const email = emailText.trim().toLowerCase();
      const device = knownDevice(req, email);
      // The e-mail is not kept in the store in clear.
      const account = createHash('sha256').update(email).digest('base64url');
      subjects.set(req, device ? `login:device:${device}` : `login:account:${account}`);
      const r = await limiter(req, { increment: false });
      if (!r.isAllowed && r.remaining <= 0) {
        const seconds = Math.max(1, Math.ceil(r.ttl / 1000));
        reply.header('retry-after', seconds);
        const wait = seconds < 60 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
        throw new AppError(
          429,
          'RATE_LIMITED',
          `Too many attempts. Please try again in ${wait}.`,
          undefined,
          {
            seconds,
          },
        );
      }
      return async () => {
        await limiter(req);
      };
    },

    /** After a sign-in that succeeded: this browser is now a known device of the account. */
    remember(req: FastifyRequest, reply: FastifyReply, emailText: string): void {
      const email = emailText.trim().toLowerCase();
      const id = knownDevice(req, email) ?? randomBytes(16).toString('base64url');
      reply.setCookie(DEVICE_COOKIE, `${id}.${tag(id, email)}`, {
        path: DEVICE_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: config.isProduction,
        maxAge: DEVICE_DAYS * 24 * 60 * 60,
      });
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
