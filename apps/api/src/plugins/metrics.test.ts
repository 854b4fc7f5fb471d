import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { metricsPort } from './metrics';
import { GUEST, rawGet } from './public-cache.test-helpers';

/**
 * Prometheus metrics: absent unless configured, refused without the token, and the names an
 * operator's rules and dashboard use are there and move with the requests made.
 */
const TOKEN = 'metrics-test-token-0123456789';
const PORT = 8391;

/** `name{labels} value` lines of an exposition, as { 'name{labels}': value }. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

const count = (m: Map<string, number>, route: string, status = 200) =>
  m.get(`http_request_duration_seconds_count{method="GET",route="${route}",status_code="${status}"}`) ?? 0;

describe('without METRICS_TOKEN or METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('there is no /metrics at all', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('http_request_duration_seconds');
  });
});

describe('with METRICS_TOKEN', () => {
  let t: TestApp;
  const scrape = async () => {
    const res = await t.request({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    await t.app.listen({ port: PORT, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('refuses a scrape without the token or with another one, in the envelope', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token-0123456789abc' },
      { authorization: TOKEN },
    ]) {
      const res = await t.request({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
      expect(res.body).not.toContain('process_cpu_seconds_total');
    }
  });

  it('has the usual names and the product gauges', async () => {
    await t.request({ method: 'GET', url: '/api/ping' });
    const body = await scrape();
    for (const name of [
      'http_request_duration_seconds_bucket',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'vaultline_feed_connections',
      'vaultline_job_leases_held',
      'vaultline_price_age_seconds',
      'vaultline_mail_deliveries_in_flight',
    ])
      expect(body, name).toMatch(new RegExp(`^${name}[ {]`, 'm'));
    const m = samples(body);
    // The test app is the only instance: it holds the price job's lease, and prices are fresh.
    expect([...m.keys()].some((k) => k === 'vaultline_job_leases_held{job="price refresh"}')).toBe(true);
    const age = m.get('vaultline_price_age_seconds{asset="BTC"}');
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(600);
    if (t.database.kind === 'postgres')
      expect(m.has('vaultline_db_pool_connections{state="in_use"}')).toBe(true);
  });

  it('counts requests by route template and status, and the scrape itself not', async () => {
    const before = samples(await scrape());
    const id = '00000000-0000-4000-8000-000000000000';
    for (let i = 0; i < 3; i++) await t.request({ method: 'GET', url: '/api/ping' });
    await t.request({ method: 'GET', url: `/api/PublicExchange/exchange/${id}` });
    const after = samples(await scrape());
    expect(count(after, '/api/ping') - count(before, '/api/ping')).toBe(3);
    expect(count(after, '/api/PublicExchange/exchange/:id', 404)).toBe(
      count(before, '/api/PublicExchange/exchange/:id', 404) + 1,
    );
    expect([...after.keys()].some((k) => k.includes('route="/metrics"'))).toBe(false);
  });

  it('counts and times the answers of the public read cache like the others', async () => {
    const route = '/api/Wallets/list';
    const before = samples(await scrape());
    const hits = t.app.publicCache.stats().hits;
    for (let i = 0; i < 6; i++) expect((await rawGet(PORT, route, GUEST)).status).toBe(200);
    // Most of these were answered in front of Fastify; every one is counted.
    expect(t.app.publicCache.stats().hits - hits).toBeGreaterThanOrEqual(4);
    const after = samples(await scrape());
    expect(count(after, route) - count(before, route)).toBe(6);
    const le = (n: string) =>
      `http_request_duration_seconds_bucket{le="${n}",method="GET",route="${route}",status_code="200"}`;
    expect(after.get(le('+Inf'))).toBe(count(after, route));
  });

  it('lists feed connections as they come and go', async () => {
    const { io } = await import('socket.io-client');
    const { FEED_PATH } = await import('@vaultline/shared');
    const socket = io(`http://127.0.0.1:${PORT}`, {
      path: FEED_PATH,
      transports: ['websocket'],
      forceNew: true,
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    expect(samples(await scrape()).get('vaultline_feed_connections')).toBe(1);
    socket.close();
    await expect.poll(async () => samples(await scrape()).get('vaultline_feed_connections')).toBe(0);
  });
});

describe('with METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  it('serves them on their own port only, still asking for the token when there is one', async () => {
    expect((await t.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const url = `http://127.0.0.1:${metricsPort(t.app)}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${metricsPort(t.app)}/other`)).status).toBe(404);
    const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^process_cpu_seconds_total /m);
  });
});
