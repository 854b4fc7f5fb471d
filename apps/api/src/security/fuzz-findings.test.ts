import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createUser, session } from '../modules/auth/auth.test-helpers';
import { ADDR, BTC_HASH, prepareAssets } from '../modules/exchange/exchange.test-helpers';
import type { TestApp } from '../test/test-app';
import { appWithRouteTable, type TableRoute } from './route-table';

/**
 * What the input fuzz (input-fuzz.test.ts) found, each pinned by a plain regression test: an unknown
 * deposit status reached a smallint column, and a NUL character reached PostgreSQL (which refuses it
 * in text) through the user search and the audit log filter; each was a 500.
 */
let t: TestApp;
let routes: TableRoute[];
let admin: string;
let btc: string;

beforeAll(async () => {
  ({ t, routes } = await appWithRouteTable());
  btc = (await prepareAssets(t)).btc;
  const a = await createUser(t, { role: 'admin' });
  admin = (await session(t, a.email, a.password)).token;
});
afterAll(() => t?.close());

const get = (url: string) => t.request({ method: 'GET', url, token: admin });

describe('inputs the fuzz found reaching the database', () => {
  it('refuses a deposit status filter outside the deposit statuses with 400 (was a smallint overflow)', async () => {
    for (const status of ['152024', '-1', '4', '99999999999']) {
      const res = await get(`/api/Admin/deposits?status=${status}`);
      expect(res.statusCode, status).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
    expect((await get('/api/Admin/deposits?status=3')).statusCode).toBe(200);
  });

  it('refuses a NUL in the user search and the audit log filter with 400', async () => {
    for (const url of ['/api/Admin/searchUser?query=a%00b', '/api/Admin/auditLog?targetId=%00']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.fields).toBeDefined();
    }
    expect((await get('/api/Admin/searchUser?query=ab')).statusCode).toBe(200);
  });

  it('answers a NUL in any string input of any route, as an admin, without a 5xx', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const r of routes) {
      for (const part of ['querystring', 'params', 'body'] as const) {
        const schema = r.schema[part];
        if (!schema) continue;
        const js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
          type?: string;
          properties?: Record<string, { type?: string; enum?: unknown[] }>;
        };
        const props = js.properties ?? (js.type === 'string' ? { '': {} } : {});
        for (const key of Object.keys(props)) {
          for (const nul of ['a\u0000b', '\u0000']) {
            // Every other field valid-looking, so the NUL is what the route has to deal with.
            const values: Record<string, unknown> = {};
            for (const [k, s] of Object.entries(props)) values[k] = plausible(k, s);
            values[key] = nul;
            let url = r.url.replace(/:(\w+)/g, (_, p: string) => encodeURIComponent(String(values[p])));
            if (part === 'querystring')
              url += `?${Object.entries(values)
                .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
                .join('&')}`;
            const body = part === 'body' ? JSON.stringify(key === '' ? nul : values) : undefined;
            const res = await t.request({
              method: r.method as 'POST',
              url,
              token: admin,
              ...(body ? { payload: body, headers: { 'content-type': 'application/json' } } : {}),
            });
            sent++;
            if (res.statusCode >= 500)
              failures.push(`${r.method} ${r.url} ${part}.${key}: ${res.statusCode}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });
});

function plausible(key: string, s: { type?: string; enum?: unknown[] }): unknown {
  if (s.enum?.length) return s.enum[0];
  if (s.type === 'integer') return 1;
  if (key === 'id' || /Id$/.test(key)) return btc;
  if (/email/i.test(key)) return 'someone@example.com';
  if (/address/i.test(key)) return ADDR.ETH;
  if (/amount/i.test(key)) return '1';
  if (/hash/i.test(key)) return BTC_HASH;
  return 'abcdefghijkl';
}
