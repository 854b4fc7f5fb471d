import fc from 'fast-check';
import { type ZodType, z } from 'zod';
import {
  BODY_LIMIT,
  evilKey,
  evilString,
  evilValue,
  malformedBody,
  oddContentType,
  pct,
  pollution,
  RawJson,
  rawUrlFragment,
  toJsonText,
} from './fuzz-values';
import type { TableRoute } from './route-table';

/** Real values the generated requests mix in, so bad input also reaches the services' own checks. */
export interface FuzzPool {
  /** Ids of things that exist: assets, locks, conversions, exchanges, deposits, users, bank accounts. */
  ids: string[];
  /** Valid values by field name (addresses, hashes, cards, IBAN...), for the fields the schema leaves open. */
  hints: Record<string, string[]>;
}

export interface FuzzRequest {
  method: string;
  url: string;
  /** Raw body text and its content type, or none. */
  body?: { text: string; contentType: string };
}

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  maxItems?: number;
  anyOf?: JsonSchema[];
  default?: unknown;
}

const jsonSchemaOf = (schema: ZodType | undefined): JsonSchema | undefined =>
  schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined;

const isId = (key: string) => key === 'id' || key === 'ids' || /Id$/.test(key);

/** A value the schema accepts (or a close one), using real ids and hints where the name says what it is. */
function validish(s: JsonSchema, key: string, pool: FuzzPool): fc.Arbitrary<unknown> {
  if (s.anyOf?.length) return fc.oneof(...s.anyOf.map((b) => validish(b, key, pool)));
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'array') {
    const item = s.items ? validish(s.items, key, pool) : evilValue;
    return fc.array(item, { maxLength: Math.min(s.maxItems ?? 5, 5) });
  }
  if (type === 'object') return objectOf(s, pool);
  if (type === 'integer' || type === 'number') {
    const min = Math.max(s.minimum ?? s.exclusiveMinimum ?? -1_000_000, -1_000_000);
    const max = Math.min(s.maximum ?? 1_000_000, 1_000_000);
    return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
  }
  if (type === 'boolean') return fc.boolean();
  if (type === 'null') return fc.constant(null);
  if (isId(key) && pool.ids.length > 0) return fc.oneof(fc.constantFrom(...pool.ids), fc.uuid());
  const hinted = pool.hints[key];
  if (hinted?.length) return fc.constantFrom(...hinted);
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern), { size: 'small' });
  return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 30, 30) });
}

const OMIT = Symbol('omit');

/** An object with the schema's keys (each valid, bad or missing), extra keys and pollution attempts. */
function objectOf(s: JsonSchema, pool: FuzzPool): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.entries(s.properties ?? {});
  const valid = keys.map(([k, sub]) => validish(sub, k, pool));
  // Every field bad, valid or missing at random...
  const mixed = fc.tuple(
    ...valid.map((v) =>
      fc.oneof(
        { weight: 6, arbitrary: v },
        { weight: 3, arbitrary: evilValue },
        { weight: 1, arbitrary: fc.constant(OMIT) },
      ),
    ),
  );
  // ...or all valid but one, so the bad value passes the other checks and reaches the service's.
  const oneBad = fc
    .tuple(fc.tuple(...valid), fc.nat(Math.max(keys.length - 1, 0)), fc.oneof(evilValue, fc.constant(OMIT)))
    .map(([values, at, bad]) => values.map((v, i) => (i === at ? bad : v)));
  return fc
    .tuple(
      keys.length ? fc.oneof(mixed, oneBad) : fc.constant([] as unknown[]),
      fc.array(fc.tuple(evilKey, evilValue), { maxLength: 2 }),
      fc.option(pollution, { freq: 4 }),
    )
    .map(([values, extra, polluting]) => {
      // defineProperty keeps "__proto__" an own key; toJsonText writes it into the JSON text.
      const out: Record<string, unknown> = {};
      const put = (k: string, v: unknown) =>
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      values.forEach((v, i) => {
        const key = keys[i]?.[0];
        if (key !== undefined && v !== OMIT) put(key, v);
      });
      for (const [k, v] of extra) put(k, v);
      if (polluting) put(polluting[0], polluting[1]);
      return out;
    });
}

function bodyArb(route: TableRoute, pool: FuzzPool): fc.Arbitrary<FuzzRequest['body']> {
  const schema = jsonSchemaOf(route.schema.body);
  const shaped = schema ? validish(schema, 'body', pool) : fc.dictionary(evilKey, evilValue, { maxKeys: 3 });
  const text = fc.oneof(
    { weight: 8, arbitrary: shaped.map(toJsonText) },
    // Wrong top-level types: arrays instead of objects, strings, numbers, null.
    { weight: 1, arbitrary: evilValue.map(toJsonText) },
    { weight: 1, arbitrary: shaped.map((o) => toJsonText([o, o])) },
    { weight: 1, arbitrary: malformedBody },
    // The right shape with one field far beyond the body limit.
    {
      weight: 1,
      arbitrary: shaped.map((o) =>
        toJsonText(
          o && typeof o === 'object' ? { ...o, pad: 'x'.repeat(BODY_LIMIT) } : 'x'.repeat(BODY_LIMIT),
        ),
      ),
    },
  );
  const type = fc.oneof(
    { weight: 9, arbitrary: fc.constant('application/json') },
    { weight: 1, arbitrary: oddContentType },
  );
  const withBody = route.method !== 'GET' && route.method !== 'DELETE' ? 9 : 1;
  return fc.oneof(
    { weight: withBody, arbitrary: fc.record({ text, contentType: type }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** A query string from the schema's keys (valid, bad, repeated or missing), extra and raw fragments. */
function queryArb(route: TableRoute, pool: FuzzPool): fc.Arbitrary<string> {
  const schema = jsonSchemaOf(route.schema.querystring);
  const keys = Object.entries(schema?.properties ?? {});
  const asText = (v: unknown) =>
    typeof v === 'string' ? v : v instanceof RawJson ? v.text : JSON.stringify(v);
  const pairs = keys.map(([k, sub]) =>
    fc.oneof(
      { weight: 6, arbitrary: validish(sub, k, pool).map((v) => `${k}=${pct(asText(v))}`) },
      { weight: 3, arbitrary: evilString.map((v) => `${k}=${pct(v)}`) },
      { weight: 1, arbitrary: rawUrlFragment.map((f) => `${k}=${f}`) },
      // Repeated keys: an array where a string is expected.
      {
        weight: 1,
        arbitrary: fc
          .tuple(validish(sub, k, pool), evilString)
          .map(([a, b]) => `${k}=${pct(asText(a))}&${k}=${pct(b)}`),
      },
      { weight: 1, arbitrary: fc.constant('') },
    ),
  );
  const extra = fc.array(
    fc.oneof(
      fc.tuple(evilKey, evilString).map(([k, v]) => `${pct(k)}=${pct(v)}`),
      fc.constantFrom(
        '__proto__[isAdmin]=1',
        'constructor[prototype][isAdmin]=1',
        'a[b]=c',
        'x[]=1',
        '=',
        '&',
      ),
      rawUrlFragment,
    ),
    { maxLength: 2 },
  );
  return fc
    .tuple(fc.tuple(...pairs), extra)
    .map(([known, more]) => [...known, ...more].filter(Boolean).join('&'));
}

/** The route's path with each `:param` replaced: a real id, a bad value, a raw fragment or a long one. */
function pathArb(route: TableRoute, pool: FuzzPool): fc.Arbitrary<string> {
  const params = route.url.match(/:\w+/g) ?? [];
  const value = fc.oneof(
    { weight: 3, arbitrary: pool.ids.length ? fc.constantFrom(...pool.ids) : fc.uuid() },
    { weight: 3, arbitrary: evilString.filter((s) => s.length < 2000).map(pct) },
    { weight: 1, arbitrary: rawUrlFragment },
    { weight: 1, arbitrary: fc.constantFrom('x'.repeat(150), 'a'.repeat(101)) },
  );
  return fc.tuple(...params.map(() => value)).map((values) => {
    let i = 0;
    return route.url.replace(/:\w+/g, () => values[i++] ?? '');
  });
}

/** Generated requests for one route of the route table. */
export function requestArb(route: TableRoute, pool: FuzzPool): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(pathArb(route, pool), queryArb(route, pool), bodyArb(route, pool))
    .map(([path, query, body]) => ({
      method: route.method,
      url: query ? `${path}?${query}` : path,
      ...(body ? { body } : {}),
    }));
}
