import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, REVALIDATE, SHORT, webPlugin } from './web';

const JS = `export const x = ${JSON.stringify('x'.repeat(4000))};\n`;
const HTML = `<!doctype html><html><body>${'<p>app</p>'.repeat(300)}</body></html>`;
const JSON_TEXT = JSON.stringify({ Common: { Hello: 'Hello'.repeat(500) } });

let dir: string;
let app: FastifyInstance;

/** A built app as apps/web/vite.config.ts writes it: each text file with its .br and .gz. */
function write(rel: string, text: string, compressed = true) {
  const file = path.join(dir, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  if (compressed) {
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'vaultline-web-'));
  write('index.html', HTML);
  write('assets/index-AbC123.js', JS);
  write('i18n/en-us.json', JSON_TEXT);
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
  app = Fastify();
  await app.register(webPlugin, { webDist: dir });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('web app static files', () => {
  it('sends the brotli file to a browser that accepts br, cached for a year', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(JS);
  });

  it('sends gzip when br is not accepted, and the plain file when nothing is', async () => {
    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);
    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('answers an app path with index.html, compressed and revalidated on every visit', async () => {
    const res = await get('/buy-sell/history', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(REVALIDATE);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(HTML);
  });

  it('revalidates the translations (same name across releases), keeps other files an hour', async () => {
    const i18n = await get('/i18n/en-us.json', 'br');
    expect(i18n.headers['cache-control']).toBe(REVALIDATE);
    expect(i18n.headers['content-encoding']).toBe('br');
    expect(i18n.headers.etag).toBeTruthy();
    const icon = await get('/favicon.svg', 'br');
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['cache-control']).toBe(SHORT);
  });

  it('gives 404 for a missing hashed file and for unknown API paths', async () => {
    const asset = await get('/assets/index-Old999.js', 'br');
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).not.toMatch(/text\/html/);
    const api = await get('/api/Nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('ROUTE_NOT_FOUND');
  });
});

describe('the embeddable widget as served (decision 0036)', () => {
  let served: FastifyInstance;
  beforeAll(async () => {
    const { securityHeadersPlugin } = await import('./security-headers');
    write('widget.js', '(() => {})();\n');
    served = Fastify();
    await served.register(securityHeadersPlugin, { isProduction: false });
    await served.register(webPlugin, { webDist: dir });
    await served.ready();
  });
  afterAll(() => served.close());

  it('answers /widget with the app, frameable by other sites; any other page is not', async () => {
    const widget = await served.inject({ url: '/widget?partner=x&theme=dark' });
    expect(widget.statusCode).toBe(200);
    expect(widget.body).toBe(HTML);
    expect(widget.headers['content-security-policy']).toMatch(/frame-ancestors https: http:/);
    expect(widget.headers['x-frame-options']).toBeUndefined();
    for (const url of ['/', '/login', '/home']) {
      const page = await served.inject({ url });
      expect(page.headers['content-security-policy'], url).toMatch(/frame-ancestors 'none'/);
      expect(page.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('serves the embed script as JavaScript other origins may load, kept an hour', async () => {
    const res = await served.inject({ url: '/widget.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe(SHORT);
  });
});
