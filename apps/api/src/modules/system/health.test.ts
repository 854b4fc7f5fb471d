import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('liveness and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('live answers; ready checks the database (and Redis when configured)', async () => {
    const live = await t.request({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json().content).toEqual({
      status: 'ok',
      instance: expect.any(String),
      checks: { process: true },
    });
    const ready = await t.request({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().content).toEqual({
      status: 'ok',
      instance: expect.any(String),
      checks: { database: true, redis: true, accepting: true },
    });
  });

  it('is not ready once the database is gone (live still answers)', async () => {
    const app = await createTestApp();
    await app.database.close();
    const down = await app.request({ method: 'GET', url: '/api/health/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ success: false, error: { code: 'NOT_READY' } });
    expect((await app.request({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    await app.app.close().catch(() => undefined);
  });
});
