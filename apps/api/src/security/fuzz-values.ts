import fc from 'fast-check';

/** Fastify's body limit (apps/api/src/app.ts): bodies around and beyond it are generated. */
export const BODY_LIMIT = 64 * 1024;

/** JSON text spliced in as is: numbers JSON.stringify cannot write (1e309, -0, 30 digits...). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Serialises like JSON.stringify, but writes RawJson verbatim and keeps `__proto__` as a key. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Strings that break naive parsing, number handling, encodings and storage. */
export const EVIL_STRINGS = [
  '',
  ' ',
  '\t\r\n',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  // Numbers in forms a parser may read differently.
  '1e309',
  '-1e309',
  '1e-400',
  '1E400',
  '-0',
  '0x10',
  '0b1',
  '0o7',
  'Infinity',
  '-Infinity',
  'NaN',
  '+1',
  '01',
  '1_000',
  '1,5',
  '1.',
  '.5',
  '١٢٣',
  '１２３',
  '9'.repeat(400),
  `0.${'0'.repeat(60)}1`,
  '-1',
  '9007199254740993',
  '-9007199254740993',
  '1e21',
  '99999999999999999999.999999999999999999999999999999',
  // Unicode: direction marks, NUL, lone surrogates, emoji, combining marks, BOM.
  '\u202Eevil\u202C',
  '\u200F\u200E\u061C',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDBFFy',
  '😀',
  '👩‍👩‍👧‍👦',
  '\uFEFF',
  'e\u0301\u0301\u0301',
  'İstanbul ﬀ ß',
  // Injection and traversal shapes.
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '\\',
  '%00',
  '%',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  ['$', '{7*7}'].join(''),
  '{{7*7}}',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  // Near-valid values.
  'admin@demo.vaultline.test',
  'a@b',
  `${'x'.repeat(250)}@example.com`,
  '2024-02-30',
  '0000-01-01',
  '9999-12-31',
  '2024-13-01',
  '00000000-0000-0000-0000-000000000000',
  '00000000-0000-4000-8000-00000000000g',
];

/** Long strings: within every field limit, beyond them, and beyond the body limit. */
const HUGE_STRINGS = [
  'a'.repeat(1_000),
  '€'.repeat(10_000),
  'a'.repeat(BODY_LIMIT - 200),
  'a'.repeat(BODY_LIMIT + 1),
  'é'.repeat(BODY_LIMIT),
];

/** Control characters: NUL above all, which PostgreSQL refuses in text (a 500 if it gets there). */
const CONTROL_STRINGS = [
  '\u0000',
  'a\u0000b',
  'ab\u0000',
  '\u0007',
  '\u001b[31mred',
  '\u007f',
  'a\r\nb',
  '\b',
];

export const evilString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...EVIL_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...CONTROL_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
);

/** Numbers written as raw JSON (some JSON.parse reads as Infinity, -0 or a rounded value). */
export const evilNumber: fc.Arbitrary<RawJson> = fc.oneof(
  fc
    .constantFrom(
      '1e309',
      '-1e309',
      '1E400',
      '1e-400',
      '-0',
      '0',
      '-1',
      '0.1',
      '1.0',
      '5e-324',
      '9007199254740993',
      '123456789012345678901234567890',
      '-123456789012345678901234567890.5',
    )
    .map((s) => new RawJson(s)),
  fc.double().map((d) => new RawJson(Number.isFinite(d) ? String(d) : '1e999')),
  fc.integer().map((n) => new RawJson(String(n))),
);

/** Keys an attacker adds: prototype pollution, privilege fields, operators, oddities. */
export const evilKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'isAdmin',
    'role',
    'premium',
    'status',
    'id',
    'userId',
    'balance',
    'amount',
    '$where',
    '$gt',
    '',
    '\u0000',
    '😀',
  ),
  fc.string({ maxLength: 8 }),
);

/** `{"a":{"a":...}}` or `[[[...]]]` nested up to tens of thousands deep (still under the body limit). */
export const deepNesting: fc.Arbitrary<RawJson> = fc
  .tuple(fc.integer({ min: 20, max: 30_000 }), fc.boolean())
  .map(([n, arrays]) =>
    arrays
      ? new RawJson(`${'['.repeat(n)}1${']'.repeat(n)}`)
      : new RawJson(`${'{"a":'.repeat(Math.min(n, 12_000))}1${'}'.repeat(Math.min(n, 12_000))}`),
  );

/** Objects that try to pollute Object.prototype through a JSON body. */
export const pollution: fc.Arbitrary<[string, unknown]> = fc.constantFrom<[string, unknown]>(
  ['__proto__', { isAdmin: true, role: 'admin', polluted: 'yes' }],
  ['constructor', { prototype: { isAdmin: true, polluted: 'yes' } }],
  ['prototype', { polluted: 'yes' }],
);

/** Any bad JSON value, nesting a little. */
export const evilValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    { weight: 5, arbitrary: evilString },
    { weight: 2, arbitrary: evilNumber },
    { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(evilKey, tie('value'), { maxKeys: 3 }) },
    { weight: 1, arbitrary: deepNesting },
  ),
})).value;

/** Request bodies that are not a JSON object at all. */
export const malformedBody: fc.Arbitrary<string> = fc.constantFrom(
  '',
  '{',
  '}',
  '{"a":}',
  '[1,]',
  '{"a":1,}',
  "{'a':1}",
  'NaN',
  'undefined',
  '\uFEFF{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `{"a":"${'b'.repeat(BODY_LIMIT)}"}`,
  `${' '.repeat(BODY_LIMIT - 10)}{}`,
  '\u0000',
  '<xml/>',
);

/** Content types the API does not read as JSON, or reads oddly. */
export const oddContentType: fc.Arbitrary<string> = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json;;',
  'application/vnd.api+json',
  '',
);

/** Raw fragments put into a URL unencoded: bad percent escapes, invalid UTF-8, separators. */
export const rawUrlFragment: fc.Arbitrary<string> = fc.constantFrom(
  '%',
  '%zz',
  '%FF',
  '%ED%A0%80',
  '%C0%AE%C0%AE',
  '%00',
  '%2F',
  '..%2F..%2F',
  '&&',
  '==',
  '%26%3D',
  '+',
  ';',
  '%E2%80%AE',
);

/** Percent-encodes the UTF-8 bytes of a string (lone surrogates become U+FFFD, as a browser sends). */
export function pct(s: string): string {
  return [...Buffer.from(s, 'utf8')]
    .map((b) => {
      const c = String.fromCharCode(b);
      return /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}
