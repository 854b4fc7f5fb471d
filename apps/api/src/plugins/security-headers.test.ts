import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_KEYS } from '../modules/system/system.service';
import { createTestApp, type TestApp } from '../test/test-app';
import { securityHeadersPlugin } from './security-headers';

/** The CSP as a map of directive -> sources. */
function csp(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}
const TIDIO = /tidio/;

describe('content security policy and the chat widget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // The app's policy is sent with its pages (any path outside /api; the app's HTML in production).
  const policy = async () =>
    csp((await t.request({ method: 'GET', url: '/home' })).headers['content-security-policy']);

  it('allows no chat host while no key is set', async () => {
    const p = await policy();
    expect(p.get('default-src')).toEqual(["'self'"]);
    expect(p.get('script-src')).toEqual(["'self'"]);
    for (const [name, sources] of p) expect(sources.join(' '), name).not.toMatch(TIDIO);
  });

  it("allows the widget's hosts once an admin sets a key, and not after it is cleared", async () => {
    await t.services.system.setSetting(SETTING_KEYS.chatWidgetKey, 'abcdefghij0123456789');
    const on = await policy();
    expect(on.get('script-src')).toEqual([
      "'self'",
      'https://code.tidio.co',
      'https://widget-v4.tidiochat.com',
    ]);
    expect(on.get('connect-src')).toContain('wss://*.tidio.co');
    expect(on.get('frame-src')).toContain('https://*.tidio.co');
    expect(on.get('default-src')).toEqual(["'self'"]);

    await t.services.system.setSetting(SETTING_KEYS.chatWidgetKey, '');
    const off = await policy();
    expect(off.get('script-src')).toEqual(["'self'"]);
    for (const [name, sources] of off) expect(sources.join(' '), name).not.toMatch(TIDIO);
  });

  it('keeps the other security headers either way', async () => {
    const res = await t.request({ method: 'GET', url: '/home' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('answers API calls with the REST set: nothing may load, frame or sniff them, whatever the chat key', async () => {
    await t.services.system.setSetting(SETTING_KEYS.chatWidgetKey, 'abcdefghij0123456789');
    for (const url of ['/api/ping', '/api/Wallets/list', '/api/no-such-route']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(res.headers['x-dns-prefetch-control'], url).toBeUndefined();
    }
    await t.services.system.setSetting(SETTING_KEYS.chatWidgetKey, '');
    // The browsable API docs are a page: they get the page's policy.
    const docs = await t.request({ method: 'GET', url: '/api/docs/static/index.html' });
    expect(csp(docs.headers['content-security-policy']).get('default-src')).toEqual(["'self'"]);
  });
});

describe('security headers plugin', () => {
  it('treats a failed read of the setting as no chat', async () => {
    const app = Fastify();
    await app.register(securityHeadersPlugin, {
      isProduction: false,
      chatEnabled: () => Promise.reject(new Error('database down')),
    });
    app.get('/', async () => 'ok');
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(csp(res.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
    await app.close();
  });
});

describe("the built page's inline scripts", () => {
  it('are allowed by their SHA-256 in the page policy, and no other inline script is', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { createHash } = await import('node:crypto');
    const os = await import('node:os');
    const path = await import('node:path');
    const dist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    const theme = 'document.documentElement.classList.add("dark")';
    const start = 'console.log("start")';
    writeFileSync(
      path.join(dist, 'index.html'),
      `<html><head><script>${theme}</script><script src="/x.js"></script></head><body><script>${start}</script></body></html>`,
    );
    const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    const app = Fastify();
    await app.register(securityHeadersPlugin, { isProduction: true, webDist: dist });
    app.get('/home', async () => 'page');
    app.get('/api/ping', async () => ({ ok: true }));
    const page = csp((await app.inject({ url: '/home' })).headers['content-security-policy']);
    expect(page.get('script-src')).toEqual(["'self'", sha(theme), sha(start)]);
    const api = csp((await app.inject({ url: '/api/ping' })).headers['content-security-policy']);
    expect(api.get('script-src')).toBeUndefined();
    expect(api.get('default-src')).toEqual(["'none'"]);
    await app.close();
  });
});

describe('framing: only the embeddable widget may be framed (decision 0036)', () => {
  let app: ReturnType<typeof Fastify>;
  beforeAll(async () => {
    app = Fastify();
    await app.register(securityHeadersPlugin, { isProduction: true, chatEnabled: async () => true });
    for (const url of ['/home', '/login', '/widget', '/widgets', '/widget.js', '/buy-sell/manual-deposit/x'])
      app.get(url, async () => 'page');
    await app.ready();
  });
  afterAll(() => app.close());

  it('lets any web page frame /widget (with its query), with no X-Frame-Options', async () => {
    for (const url of ['/widget', '/widget?partner=p&from=BTC&to=ETH&theme=dark']) {
      const res = await app.inject({ url });
      expect(csp(res.headers['content-security-policy']).get('frame-ancestors'), url).toEqual([
        'https:',
        'http:',
      ]);
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      // The rest of the page policy is the app's, and the chat hosts are not in it.
      expect(csp(res.headers['content-security-policy']).get('script-src'), url).toEqual(["'self'"]);
    }
  });

  it("refuses to be framed everywhere else: frame-ancestors 'none' and X-Frame-Options DENY", async () => {
    for (const url of ['/home', '/login', '/widgets', '/buy-sell/manual-deposit/x', '/widget.js']) {
      const res = await app.inject({ url });
      expect(csp(res.headers['content-security-policy']).get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('lets other sites load the embed script, and nothing else of ours', async () => {
    const script = await app.inject({ url: '/widget.js' });
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const page = await app.inject({ url: '/home' });
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
