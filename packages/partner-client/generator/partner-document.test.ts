import { describe, expect, it } from 'vitest';
import { fixtureDocument } from './fixture/fixture-document';
import { partnerDocument } from './partner-document';

describe('partnerDocument', () => {
  const doc = partnerDocument(fixtureDocument);

  it('keeps only the /api/v1/ paths, in a fixed order', () => {
    expect(Object.keys(doc.paths)).toEqual(['/api/v1/exchanges', '/api/v1/quotes/{id}']);
  });

  it('keeps the components the paths reach, through nested references, and no other', () => {
    // Quote is referenced by a path, Amount only from inside Quote and an inline schema.
    expect(Object.keys(doc.components?.schemas ?? {})).toEqual(['Amount', 'ErrorEnvelope', 'Quote']);
  });

  it('keeps only the security schemes the partner operations use', () => {
    expect(doc.components?.securitySchemes).toEqual({
      partnerKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
    });
  });

  it('names itself the partner API and drops what belongs to the whole API', () => {
    expect(doc.info.title).toBe('Vaultline partner API');
    expect(doc.info.version).toBe('0.1.0');
    expect(doc.tags).toBeUndefined();
    expect(doc.servers).toEqual([{ url: '/' }]);
  });

  it('refuses a reference to a component that is not defined', () => {
    const broken = structuredClone(fixtureDocument);
    delete broken.components?.schemas?.Amount;
    expect(() => partnerDocument(broken)).toThrow(
      '#/components/schemas/Amount is referenced but not defined',
    );
  });

  it('refuses a security scheme that is not defined', () => {
    const broken = structuredClone(fixtureDocument);
    delete broken.components?.securitySchemes?.partnerKey;
    expect(() => partnerDocument(broken)).toThrow('Security scheme partnerKey is used but not defined');
  });

  it('gives an empty document while the API has no partner path', () => {
    const none = partnerDocument({ ...fixtureDocument, paths: { '/api/Wallets': {} } });
    expect(none.paths).toEqual({});
    expect(none.components).toEqual({});
  });
});
