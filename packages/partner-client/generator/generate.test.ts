import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../apps/api/src/cli/openapi';
import { fixtureDocument } from './fixture/fixture-document';
import { FIXTURE_TYPES, generatedFiles, packageDir, staleFiles } from './generate';

describe('the generated partner client', () => {
  it('matches the API as it is now (regenerate after changing a partner route)', async () => {
    const files = await generatedFiles(await openApiDocument());
    expect(
      await staleFiles(files),
      'out of date: run `npm run generate -w @vaultline/partner-client`',
    ).toEqual([]);
  });

  it('types the partner paths and records the key scheme', async () => {
    const ts = (await generatedFiles(fixtureDocument))['src/generated/partner-api.ts'] ?? '';
    expect(ts).toContain("'/api/v1/quotes/{id}': {");
    expect(ts).toContain("'idempotency-key': string;");
    expect(ts).not.toContain('/api/Wallets');
    expect(ts).toContain(
      "export const partnerKeyScheme: PartnerKeyScheme | null = { type: 'apiKey', in: 'header', name: 'X-Api-Key' };",
    );
    // The client tests compile against these very types (src/test/fixture-api.ts).
    expect(ts, 'run `node --import tsx generator/generate.ts --fixture` in the package').toBe(
      await readFile(path.join(packageDir, FIXTURE_TYPES), 'utf8'),
    );
  });

  it('records no key scheme while the document declares none', async () => {
    const doc = structuredClone(fixtureDocument);
    for (const item of Object.values(doc.paths))
      for (const op of Object.values(item)) (op as { security?: unknown }).security = [];
    const ts = (await generatedFiles(doc))['src/generated/partner-api.ts'] ?? '';
    expect(ts).toContain('export const partnerKeyScheme: PartnerKeyScheme | null = null;');
  });

  it('refuses a key scheme the client cannot send', async () => {
    const doc = structuredClone(fixtureDocument);
    const schemes = doc.components?.securitySchemes ?? {};
    schemes.partnerKey = { type: 'apiKey', in: 'query', name: 'key' };
    await expect(generatedFiles(doc)).rejects.toThrow('securitySchemes.partnerKey: the client sends a key');
  });
});
