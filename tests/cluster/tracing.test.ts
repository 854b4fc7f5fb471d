import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPriceFixture } from '../../apps/api/src/modules/prices/price-fixture-server';
import { createDatabase, type Instance, request, startInstance, waitReady, xsrfFrom } from './harness';

// Tracing as deployed (the production build when there is one, as CI has): an API process on
// PostgreSQL with OTEL_EXPORTER_OTLP_ENDPOINT set sends its
// spans over OTLP/HTTP to a receiver on loopback; a conversion is one trace in which the request's
// span holds the service's span, which holds the SQL statements' spans.
const BASE = process.env.DATABASE_URL;
const PORT = 8415;
const USER = { email: 'user@tracing.vaultline.test', password: 'tracing-user-password-1' };

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: { stringValue?: string } }[];
}

/** An OTLP/HTTP receiver (JSON, as @opentelemetry/exporter-trace-otlp-http sends it). */
function otlpReceiver(): Promise<{ url: string; spans: OtlpSpan[]; services: Set<string>; close(): void }> {
  const spans: OtlpSpan[] = [];
  const services = new Set<string>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += String(c);
    });
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.headers['content-type']?.includes('json')) {
        const data = JSON.parse(body) as {
          resourceSpans: {
            resource: { attributes: { key: string; value: { stringValue?: string } }[] };
            scopeSpans: { spans: OtlpSpan[] }[];
          }[];
        };
        for (const r of data.resourceSpans) {
          const name = r.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue;
          if (name) services.add(name);
          for (const s of r.scopeSpans) spans.push(...s.spans);
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        spans,
        services,
        close: () => server.close(),
      }),
    ),
  );
}

let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
let db: Awaited<ReturnType<typeof createDatabase>>;
let fixture: Awaited<ReturnType<typeof startPriceFixture>>;
let api: Instance;

beforeAll(async () => {
  if (!BASE) throw new Error('The tracing test needs DATABASE_URL (see README).');
  receiver = await otlpReceiver();
  fixture = await startPriceFixture();
  db = await createDatabase(BASE);
  api = startInstance(
    'traced',
    PORT,
    {
      DATABASE_URL: db.url,
      REDIS_URL: '',
      PRICE_SOURCE: 'coinbase',
      PRICE_SOURCE_URL: fixture.url,
      JWT_SECRET: 'tracing-jwt-secret-0123456789abcdef0123',
      COOKIE_SECRET: 'tracing-cookie-secret-0123456789abcdef01',
      DEMO_ADMIN_EMAIL: 'admin@tracing.vaultline.test',
      DEMO_ADMIN_PASSWORD: 'tracing-admin-password-1',
      DEMO_USER_EMAIL: USER.email,
      DEMO_USER_PASSWORD: USER.password,
      DEMO_CHAIN: 'false',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'vaultline-tracing-test',
      // Spans leave in batches; a short delay keeps the test short.
      OTEL_BSP_SCHEDULE_DELAY: '200',
    },
    { compiled: true },
  );
  await waitReady(api.url);
}, 120_000);

afterAll(async () => {
  if (api && api.child.exitCode === null) api.child.kill('SIGTERM');
  await api?.exited;
  await db?.drop();
  await fixture?.close();
  receiver?.close();
}, 60_000);

describe('tracing', () => {
  it('a conversion is one trace: the request span, the service span under it, the SQL spans under that', async () => {
    const xsrf = await xsrfFrom(api.url);
    const post = async <T>(url: string, body: unknown, token?: string) => {
      const res = await request(`${api.url}/api/${url}`, {
        method: 'POST',
        body,
        headers: { ...xsrf, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      expect(res.status, res.body).toBe(200);
      return (JSON.parse(res.body) as { content: T }).content;
    };
    const { jwToken } = await post<{ jwToken: string }>('Auth', USER);
    const list = JSON.parse((await request(`${api.url}/api/Wallets/list`)).body).content as {
      id: string;
      ticker: string;
    }[];
    const id = (t: string) => list.find((w) => w.ticker === t)?.id;
    const lock = await post<{ id: string }>(
      'AssetConvert/lock',
      { leftAssetId: id('USD'), rightAssetId: id('BTC') },
      jwToken,
    );
    const conversionId = await post<string>(
      'AssetConvert/convert',
      { transactionLockId: lock.id, amount: '150' },
      jwToken,
    );
    expect(conversionId).toMatch(/^[0-9a-f-]{36}$/);

    // The service's span, then its trace's spans once the SQL ones have arrived too.
    const deadline = Date.now() + 15_000;
    let service: OtlpSpan | undefined;
    let trace: OtlpSpan[] = [];
    for (;;) {
      service = receiver.spans.find((s) => s.name === 'convert.convert');
      trace = service ? receiver.spans.filter((s) => s.traceId === service?.traceId) : [];
      if (service && trace.some((s) => s.parentSpanId === service?.spanId)) break;
      if (Date.now() > deadline)
        throw new Error(`no linked trace: ${JSON.stringify(receiver.spans.map((s) => s.name))}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(receiver.services).toContain('vaultline-tracing-test');
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    // The service span hangs under the request (its ancestors lead to the root request span).
    const ancestors: OtlpSpan[] = [];
    for (let p = byId.get(service.parentSpanId ?? ''); p; p = byId.get(p.parentSpanId ?? ''))
      ancestors.push(p);
    const root = ancestors.at(-1);
    expect(root, JSON.stringify(trace.map((s) => s.name))).toBeDefined();
    expect(root?.parentSpanId ?? '').toBe('');
    const route = (s: OtlpSpan) => s.attributes?.find((a) => a.key === 'http.route')?.value.stringValue;
    expect(ancestors.some((s) => route(s) === '/api/AssetConvert/convert')).toBe(true);
    // The statements the service ran are its children, with their SQL text and no values.
    const sql = trace.filter((s) => s.parentSpanId === service?.spanId);
    const statement = (s: OtlpSpan) =>
      s.attributes?.find((a) => a.key === 'db.statement' || a.key === 'db.query.text')?.value.stringValue ??
      '';
    expect(sql.map(statement).join('\n')).toMatch(/convert_settle/);
    expect(JSON.stringify(trace)).not.toContain(USER.email);
  }, 60_000);
});
