import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { operationIdOf, securityOf } from './docs-transform';

describe('operationIdOf', () => {
  it('names an operation by its method and path, parameters as By…', () => {
    expect(operationIdOf('GET', '/api/ping')).toBe('getPing');
    expect(operationIdOf('GET', '/api/Wallets/wallet/:id')).toBe('getWalletsWalletById');
    expect(operationIdOf('POST', '/api/Admin/chains/payouts/:id/send')).toBe(
      'postAdminChainsPayoutsByIdSend',
    );
    expect(operationIdOf(['PUT'], '/api/partner/commission')).toBe('putPartnerCommission');
    expect(operationIdOf('POST', '/api/webhooks/test-gateway')).toBe('postWebhooksTestGateway');
  });

  it('gives none to a route that serves several methods (they would share it)', () => {
    expect(operationIdOf(['GET', 'POST'], '/api/x')).toBeUndefined();
  });
});

describe('securityOf', () => {
  it('follows the access the auth plugin enforces', () => {
    expect(securityOf({ access: 'user' })).toEqual([{ bearer: [] }]);
    expect(securityOf({ access: 'admin' })).toEqual([{ bearer: [] }]);
    expect(securityOf({ access: 'partner' })).toEqual([{ partnerKey: [] }]);
    // A guest may call a public route; a token, when sent, is recognised.
    expect(securityOf({ access: 'public' })).toEqual([{}, { bearer: [] }]);
    expect(securityOf({ access: 'public', ownCredential: 'refresh-cookie' })).toEqual([
      { refreshCookie: [] },
    ]);
    expect(securityOf({ access: 'public', ownCredential: 'gateway-signature' })).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: {
    openapi: string;
    paths: Record<string, Record<string, { operationId?: string; security?: unknown[]; responses: object }>>;
    components: { securitySchemes: Record<string, unknown> };
  };
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );

  it('is OpenAPI 3.1 and holds only the API: no page outside /api, no path ending in /', () => {
    expect(doc.openapi).toBe('3.1.0');
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((p) => !p.startsWith('/api/') || p.endsWith('/'))).toEqual([]);
  });

  it('gives every operation its credentials, from schemes the document defines', () => {
    const schemes = new Set(Object.keys(doc.components.securitySchemes));
    for (const { path, method, op } of operations()) {
      expect(op.security, `${method} ${path}`).toBeDefined();
      for (const requirement of op.security as Record<string, unknown>[])
        for (const name of Object.keys(requirement))
          expect(schemes.has(name), `${method} ${path}: ${name}`).toBe(true);
    }
    expect(doc.paths['/api/User']?.get?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/v1/coins']?.get?.security).toEqual([{ partnerKey: [] }]);
  });

  it('gives every operation a unique operationId', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents the history export as the CSV file it is', () => {
    expect(doc.paths['/api/History/export']?.get?.responses).toMatchObject({
      200: { content: { 'text/csv': { schema: { type: 'string' } } } },
    });
  });
});
