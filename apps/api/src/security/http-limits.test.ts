import net from 'node:net';
import { errorEnvelopeSchema } from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { BODY_LIMIT, MAX_HEADER_SIZE, MAX_URL_LENGTH } from '../plugins/http-limits';
import { createTestApp, openTestDatabase, type TestApp, testConfig } from '../test/test-app';

/**
 * Size limits and slow clients (issue: reliability and security, point 4): bodies, addresses and
 * headers beyond their limits are refused with the error envelope, and a client sending its request
 * slowly is cut off after the configured time while other requests are still served.
 */
const envelope = (status: number, code: string) => ({
  success: false,
  content: null,
  error: expect.objectContaining({ status, code }),
});

describe('size limits, in the error envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/Contact',
      payload: { fullName: 'A', email: 'a@example.com', message: 'x'.repeat(BODY_LIMIT) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(envelope(413, 'PAYLOAD_TOO_LARGE'));
  });

  it('refuses an address over the limit with 414 URI_TOO_LONG, before any other check', async () => {
    const url = `/api/Admin/searchUser?query=${'a'.repeat(MAX_URL_LENGTH)}`;
    const res = await t.request({ method: 'GET', url, xsrf: false });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual(envelope(414, 'URI_TOO_LONG'));
    // Just under the limit the route answers as usual (here: a guest is not an admin).
    const fits = await t.request({ method: 'GET', url: url.slice(0, MAX_URL_LENGTH) });
    expect(fits.statusCode).toBe(401);
  });

  it('refuses a path parameter over 100 characters with 414 and a bad escape with 400, as envelopes', async () => {
    const long = await t.request({ method: 'GET', url: `/api/PublicExchange/exchange/${'a'.repeat(101)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual(envelope(414, 'URI_TOO_LONG'));
    for (const bad of ['%zz', '%ED%A0%80', '%']) {
      const res = await t.request({ method: 'GET', url: `/api/PublicExchange/exchange/${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual(envelope(400, 'MALFORMED_URL'));
    }
  });
});

describe('timeouts', () => {
  it('are set by default and checked against each other', () => {
    const http = testConfig().http;
    expect(http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      idleTimeoutMs: 60_000,
      keepAliveTimeoutMs: 72_000,
    });
    expect(() =>
      loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '40', HTTP_REQUEST_TIMEOUT_SECONDS: '30' }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_SECONDS/);
  });
});

/** A raw client on a listening server: what it receives and when the server closes it. */
function rawClient(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => {
    received += d.toString('utf8');
  });
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => {
    const start = Date.now();
    socket.on('close', () => resolve(Date.now() - start));
  });
  return { socket, closed, received: () => received };
}

/** The JSON body of a raw HTTP answer, checked as the error envelope. */
function envelopeOf(raw: string) {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return errorEnvelopeSchema.parse(JSON.parse(body));
}

describe('a slow or oversized client on a real server (127.0.0.1:8360)', () => {
  const PORT = 8360;
  let app: FastifyInstance;
  let closeDb: () => Promise<void>;
  beforeAll(async () => {
    const database = await openTestDatabase();
    closeDb = () => database.close();
    const config = testConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '2', HTTP_REQUEST_TIMEOUT_SECONDS: '3' });
    app = await buildApp({ config, database });
    await app.listen({ port: PORT, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await closeDb?.();
  });

  const ping = async () => {
    const start = Date.now();
    const res = await fetch(`http://127.0.0.1:${PORT}/api/ping`);
    return { status: res.status, ms: Date.now() - start };
  };

  it('cuts off clients sending their headers one byte per second (slowloris) and serves others meanwhile', async () => {
    const clients = Array.from({ length: 20 }, () => rawClient(PORT));
    const request = 'GET /api/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ';
    let sent = 0;
    const drip = setInterval(() => {
      for (const c of clients) if (!c.socket.destroyed) c.socket.write(request[sent % request.length] ?? 'a');
      sent++;
    }, 1000);
    try {
      // While they hold their sockets, a normal request is answered at once.
      await new Promise((r) => setTimeout(r, 1200));
      const during = await ping();
      expect(during.status).toBe(200);
      expect(during.ms).toBeLessThan(1000);
      const times = await Promise.all(clients.map((c) => c.closed));
      // Headers timeout 2 s, checked every second: closed after 2 to 3 s (some slack for a busy machine).
      for (const ms of times) {
        expect(ms).toBeGreaterThanOrEqual(1900);
        expect(ms).toBeLessThan(4500);
      }
      const first = clients[0]?.received() ?? '';
      expect(first).toMatch(/^HTTP\/1\.1 408 /);
      expect(envelopeOf(first).error.code).toBe('REQUEST_TIMEOUT');
    } finally {
      clearInterval(drip);
      for (const c of clients) c.socket.destroy();
    }
    expect((await ping()).status).toBe(200);
  }, 20_000);

  it('cuts off a client sending its body one byte per second after the request timeout', async () => {
    const c = rawClient(PORT);
    c.socket.write(
      'POST /api/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Cookie: XSRF-TOKEN=x\r\nX-XSRF-TOKEN: x\r\nContent-Length: 200\r\n\r\n{',
    );
    const drip = setInterval(() => !c.socket.destroyed && c.socket.write(' '), 1000);
    try {
      const ms = await c.closed;
      expect(ms).toBeGreaterThanOrEqual(2900);
      expect(ms).toBeLessThan(5500);
      expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(envelopeOf(c.received()).error.code).toBe('REQUEST_TIMEOUT');
    } finally {
      clearInterval(drip);
    }
  }, 20_000);

  it('refuses headers over 16 KB with 431 HEADERS_TOO_LARGE', async () => {
    const c = rawClient(PORT);
    c.socket.write(
      `GET /api/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(MAX_HEADER_SIZE)}\r\n\r\n`,
    );
    await c.closed;
    expect(c.received()).toMatch(/^HTTP\/1\.1 431 /);
    expect(envelopeOf(c.received()).error.code).toBe('HEADERS_TOO_LARGE');
    expect((await ping()).status).toBe(200);
  });

  it('answers a client that sends garbage with 400 in the envelope', async () => {
    const c = rawClient(PORT);
    c.socket.write('NOT HTTP AT ALL\r\n\r\n');
    await c.closed;
    expect(c.received()).toMatch(/^HTTP\/1\.1 400 /);
    expect(envelopeOf(c.received()).error.code).toBe('BAD_REQUEST');
  });
});
