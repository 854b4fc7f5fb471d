import type { OpenApiDocument } from '../../../apps/api/src/cli/openapi';

/** The partner API's paths (DECISIONS §11): versioned, under /api/v1/. */
export const PARTNER_PREFIX = '/api/v1/';
/** The name the partner API's key scheme has in components.securitySchemes (the client sends it so). */
export const PARTNER_KEY_SCHEME = 'partnerKey';

const REF_PREFIX = '#/components/';

/** Every local `$ref` inside a value ("#/components/schemas/Foo" → ["schemas", "Foo"]). */
function refsIn(value: unknown, found: Array<[string, string]> = []): Array<[string, string]> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, found);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith(REF_PREFIX)) {
        const [section, ...name] = v.slice(REF_PREFIX.length).split('/');
        if (section && name.length) found.push([section, name.join('/')]);
      } else refsIn(v, found);
    }
  }
  return found;
}

/** The security scheme names the operations of some path items require. */
function schemesUsed(pathItems: Array<Record<string, unknown>>): Set<string> {
  const names = new Set<string>();
  for (const item of pathItems)
    for (const op of Object.values(item)) {
      const security = (op as { security?: Array<Record<string, unknown>> } | null)?.security ?? [];
      for (const requirement of security) for (const name of Object.keys(requirement)) names.add(name);
    }
  return names;
}

/**
 * The partner API's own document, cut from the whole API's: its paths, only the components they
 * reach (followed through nested references), and only the security schemes they use. What the
 * client is generated from, and what a partner reads.
 */
export function partnerDocument(full: OpenApiDocument): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(full.paths)
      .filter(([p]) => p.startsWith(PARTNER_PREFIX))
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  const kept: Record<string, Record<string, unknown>> = {};
  const queue = refsIn(paths);
  for (let next = queue.pop(); next; next = queue.pop()) {
    const [section, name] = next;
    if (kept[section]?.[name] !== undefined) continue;
    const target = full.components?.[section]?.[name];
    if (target === undefined)
      throw new Error(`${REF_PREFIX}${section}/${name} is referenced but not defined`);
    kept[section] = { ...kept[section], [name]: target };
    queue.push(...refsIn(target));
  }
  const allSchemes = full.components?.securitySchemes ?? {};
  for (const name of schemesUsed(Object.values(paths))) {
    const scheme = allSchemes[name];
    if (scheme === undefined) throw new Error(`Security scheme ${name} is used but not defined`);
    kept.securitySchemes = { ...kept.securitySchemes, [name]: scheme };
  }
  // Sorted, so the generated files change only when the API does.
  const components = Object.fromEntries(
    Object.entries(kept)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([section, entries]) => [
        section,
        Object.fromEntries(Object.entries(entries).sort(([a], [b]) => (a < b ? -1 : 1))),
      ]),
  );
  return {
    openapi: full.openapi,
    info: {
      ...full.info,
      title: 'Vaultline partner API',
      description:
        'The API partners call with their API keys (versioned, under /api/v1/). Every response is the ' +
        'envelope {success, content, error}.',
    },
    ...(full.servers ? { servers: full.servers } : {}),
    paths,
    components,
  };
}
