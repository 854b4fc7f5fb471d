import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BLOCKED_ADDRESS, type HostLookup } from './ssrf-guard';
import { sendWebhook, signatureHeader } from './webhook-sender';
import { type Receiver, startReceiver } from './webhooks.test-helpers';

// Every request goes to a receiver on a loopback port or nowhere: the tests answer name lookups.
const SECRET = 'whsec_test_secret';
let receiver: Receiver;
let status = 200;
let location: string | undefined;
beforeAll(async () => {
  receiver = await startReceiver({ answer: () => (location ? { status, headers: { location } } : status) });
  receiver.useSecret(SECRET);
});
afterAll(() => receiver.close());
afterEach(() => {
  vi.restoreAllMocks();
  status = 200;
  location = undefined;
});

const to = (address: string): HostLookup =>
  vi.fn(async () => [{ address, family: address.includes(':') ? 6 : 4 }]);
const options = (lookup: HostLookup, allowLoopback: boolean) => ({
  lookup,
  allowLoopback,
  httpsOnly: false,
  timeoutMs: 2000,
});
const event = {
  secret: SECRET,
  eventId: '0b5a6a2e-1d1f-4c33-9d0f-3f7f2a4b9c11',
  body: '{"id":"e1","type":"exchange.updated"}',
};

describe('sendWebhook', () => {
  it('posts the signed body with its event id; the receiver verifies the signature', async () => {
    const before = receiver.received.length;
    const r = await sendWebhook(options(to('127.0.0.1'), true), { ...event, url: receiver.url });
    expect(r).toEqual({ ok: true, statusCode: 200, error: null });
    const got = receiver.received[before];
    expect(got?.verified).toBe(true);
    expect(got?.body).toBe(event.body);
    expect(got?.headers['vaultline-event-id']).toBe(event.eventId);
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.headers['vaultline-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it('connects to the address it checked: the name is looked up once, never again by the socket', async () => {
    const lookup = to('127.0.0.1');
    const before = receiver.received.length;
    const r = await sendWebhook(options(lookup, true), {
      ...event,
      url: `http://hooks.partner.example:${receiver.port}/in`,
    });
    expect(r.ok).toBe(true);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(receiver.received[before]?.headers.host).toBe(`hooks.partner.example:${receiver.port}`);
  });

  it.each([
    ['a name resolving to loopback (setting off)', 'http://hooks.partner.example:PORT/', '127.0.0.1'],
    ['a name resolving into 10.0.0.0/8', 'http://hooks.partner.example:PORT/', '10.0.0.8'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['an IPv4-mapped IPv6 private address', 'http://hooks.partner.example:PORT/', '::ffff:192.168.1.10'],
    ['an IPv4-compatible IPv6 loopback address', 'http://hooks.partner.example:PORT/', '::7f00:1'],
  ])('refuses %s without opening a socket', async (_name, url, address) => {
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const accepted = receiver.connections();
    const r = await sendWebhook(options(to(address), false), {
      ...event,
      url: url.replace('PORT', String(receiver.port)),
    });
    expect(r.ok).toBe(false);
    expect(r.statusCode).toBeNull();
    expect(r.error).toBe(`refused: ${BLOCKED_ADDRESS}`);
    expect(connect).not.toHaveBeenCalled();
    expect(receiver.connections()).toBe(accepted);
  });

  it('refuses the loopback receiver itself when the setting is off: it sees no connection', async () => {
    const accepted = receiver.connections();
    const r = await sendWebhook(options(to('127.0.0.1'), false), { ...event, url: receiver.url });
    expect(r.error).toBe(`refused: ${BLOCKED_ADDRESS}`);
    expect(receiver.connections()).toBe(accepted);
  });

  it('does not follow a redirect to the metadata address: a 3xx is a failure, one socket only', async () => {
    status = 302;
    location = 'http://169.254.169.254/latest/meta-data/';
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const r = await sendWebhook(options(to('127.0.0.1'), true), { ...event, url: receiver.url });
    expect(r).toEqual({ ok: false, statusCode: 302, error: 'HTTP 302 (redirects are not followed)' });
    expect(connect).toHaveBeenCalledTimes(1);
  });

  it('a non-2xx answer is a failure with its status', async () => {
    status = 500;
    const r = await sendWebhook(options(to('127.0.0.1'), true), { ...event, url: receiver.url });
    expect(r).toEqual({ ok: false, statusCode: 500, error: 'HTTP 500' });
  });

  it('gives up after the timeout, and reads at most the cap of a huge answer', async () => {
    const sockets = new Set<net.Socket>();
    let mode: 'silent' | 'huge' = 'silent';
    const slow = http.createServer((_req, res) => {
      if (mode === 'silent') return; // never answers
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        while (res.write(chunk)) if (res.destroyed) return;
        res.once('drain', pump);
      };
      pump();
    });
    slow.on('connection', (s) => sockets.add(s));
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/`;
    try {
      const started = Date.now();
      const r = await sendWebhook({ ...options(to('127.0.0.1'), true), timeoutMs: 300 }, { ...event, url });
      expect(r).toEqual({ ok: false, statusCode: null, error: 'timeout after 300 ms' });
      expect(Date.now() - started).toBeLessThan(2000);
      mode = 'huge';
      const big = await sendWebhook(options(to('127.0.0.1'), true), { ...event, url });
      expect(big).toEqual({ ok: true, statusCode: 200, error: null });
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});

describe('signatureHeader', () => {
  it('signs "<t>.<body>" with HMAC-SHA256 of the secret, at the given second', () => {
    const at = new Date(1_700_000_000_999);
    const v1 = createHmac('sha256', 'secret').update('1700000000.{}').digest('hex');
    expect(signatureHeader('secret', '{}', at)).toBe(`t=1700000000,v1=${v1}`);
  });
});
