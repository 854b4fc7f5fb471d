import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SETTING_KEYS } from './system.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const publicPartners = async () => {
  const res = await t.request({ method: 'GET', url: '/api/settings', xsrf: false });
  expect(res.statusCode).toBe(200);
  return res.json().content.partners;
};

describe('partners setting', () => {
  it('names nobody on a fresh database', async () => {
    expect(await publicPartners()).toEqual([]);
  });

  it('publishes the list an operator sets, in order, links optional', async () => {
    const list = [
      { name: 'Acme Custody', url: 'https://acme.example/custody' },
      { name: 'Example Analytics' },
    ];
    expect(await t.services.system.setPartners(list)).toEqual(list);
    expect(await publicPartners()).toEqual(list);
  });

  it('hides the strip again when the list is cleared', async () => {
    await t.services.system.setPartners([{ name: 'Acme Custody' }]);
    await t.services.system.setPartners([]);
    expect(await publicPartners()).toEqual([]);
  });

  it('refuses a partner without a name or with a link that is not http(s)', async () => {
    await t.services.system.setPartners([{ name: 'Kept' }]);
    await expect(t.services.system.setPartners([{ name: '  ' }])).rejects.toBeInstanceOf(ZodError);
    await expect(
      t.services.system.setPartners([{ name: 'Bad', url: 'javascript:alert(1)' }]),
    ).rejects.toBeInstanceOf(ZodError);
    expect(await publicPartners()).toEqual([{ name: 'Kept' }]);
  });

  it('shows no partner, and still answers, when the stored row is not a valid list', async () => {
    for (const value of ['not json', '{"name":"x"}', '[{"url":"https://a.example"}]']) {
      await t.services.system.setSetting(SETTING_KEYS.partners, value);
      const res = await t.request({ method: 'GET', url: '/api/settings', xsrf: false });
      expect(res.statusCode).toBe(200);
      expect(res.json().content).toMatchObject({ minimumTransactionAmount: '99', partners: [] });
    }
  });
});

describe('lock lifetime', () => {
  it('is the configured LOCK_TTL_SECONDS, so the pages that say it tell the truth', async () => {
    expect((await t.request({ method: 'GET', url: '/api/settings' })).json().content.lockTtlSeconds).toBe(60);
    const other = await createTestApp({ env: { LOCK_TTL_SECONDS: '45' } });
    try {
      const res = await other.request({ method: 'GET', url: '/api/settings' });
      expect(res.json().content.lockTtlSeconds).toBe(45);
    } finally {
      await other.close();
    }
  });
});
