import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyedClient, keyHeader } from './client';
import { contentOf, PartnerApiError } from './content-of';
import { partnerKeyScheme, type paths } from './test/fixture-api';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP server on loopback answering the fixture document's calls as the API would. */
let server: Server;
let baseUrl: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      };
      if (req.url === '/api/v1/quotes/q-1')
        return json(200, {
          success: true,
          content: { id: 'q-1', rate: '0.0512', send: { ticker: 'ETH', amount: '1.000000000000000001' } },
          error: null,
        });
      if (req.url === '/api/v1/exchanges')
        return json(400, {
          success: false,
          content: null,
          error: {
            status: 400,
            statusText: 'Bad Request',
            error: 'Check the fields',
            code: 'VALIDATION_ERROR',
            fields: { payoutAddress: 'Invalid address' },
          },
        });
      res.writeHead(502, 'Bad Gateway', { 'content-type': 'text/html' }).end('<h1>Bad Gateway</h1>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const lastSeen = () => seen[seen.length - 1];

describe('the partner client', () => {
  const scheme = partnerKeyScheme;
  if (!scheme) throw new Error('the fixture declares a key scheme');

  it('sends the key in the header the document names, on a typed call', async () => {
    const client = createKeyedClient<paths>(scheme, { baseUrl, apiKey: 'vk_live_abc' });
    const quote = await contentOf(client.GET('/api/v1/quotes/{id}', { params: { path: { id: 'q-1' } } }));
    // Amounts stay decimal strings, to the last digit.
    expect(quote.send.amount).toBe('1.000000000000000001');
    expect(lastSeen()?.headers['x-api-key']).toBe('vk_live_abc');
    expect(lastSeen()?.headers.authorization).toBeUndefined();
  });

  it('sends the key as a bearer token when the scheme says so', async () => {
    const client = createKeyedClient<paths>({ type: 'http', scheme: 'bearer' }, { baseUrl, apiKey: 'vk_2' });
    await contentOf(client.GET('/api/v1/quotes/{id}', { params: { path: { id: 'q-1' } } }));
    expect(lastSeen()?.headers.authorization).toBe('Bearer vk_2');
    expect(keyHeader({ type: 'apiKey', in: 'header', name: 'X-Key' }, 'k')).toEqual(['X-Key', 'k']);
  });

  it('sends the body, the declared headers and the caller’s own headers', async () => {
    const client = createKeyedClient<paths>(scheme, {
      baseUrl,
      apiKey: 'k',
      headers: { 'user-agent': 'acme/1' },
    });
    await client.POST('/api/v1/exchanges', {
      params: { header: { 'idempotency-key': 'idem-1' } },
      body: { quoteId: 'q-1', payoutAddress: 'bc1q' },
    });
    const req = lastSeen();
    expect(req?.method).toBe('POST');
    expect(req?.headers['idempotency-key']).toBe('idem-1');
    expect(req?.headers['user-agent']).toBe('acme/1');
    expect(req?.headers['x-api-key']).toBe('k');
    expect(JSON.parse(req?.body ?? '')).toEqual({ quoteId: 'q-1', payoutAddress: 'bc1q' });
  });

  it('turns an error envelope into a PartnerApiError with its code and fields', async () => {
    const client = createKeyedClient<paths>(scheme, { baseUrl, apiKey: 'k' });
    const call = contentOf(
      client.POST('/api/v1/exchanges', {
        params: { header: { 'idempotency-key': 'idem-2' } },
        body: { quoteId: 'q-1', payoutAddress: 'nope' },
      }),
    );
    await expect(call).rejects.toMatchObject({
      name: 'PartnerApiError',
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Check the fields',
      fields: { payoutAddress: 'Invalid address' },
    });
  });

  it('reports an answer that is not the envelope by its status', async () => {
    const client = createKeyedClient<paths>(scheme, { baseUrl, apiKey: 'k' });
    const err = await contentOf(
      client.GET('/api/v1/quotes/{id}', { params: { path: { id: 'other' } } }),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PartnerApiError);
    expect(err).toMatchObject({ status: 502, code: 'HTTP_502', message: 'Bad Gateway' });
  });

  it('refuses to start without a key scheme or without a key', () => {
    expect(() => createKeyedClient<paths>(null, { baseUrl, apiKey: 'k' })).toThrow('declares no key scheme');
    expect(() => createKeyedClient<paths>(scheme, { baseUrl, apiKey: '' })).toThrow('An API key is needed');
  });
});
