import { createRequire } from 'node:module';
import { isDeepStrictEqual } from 'node:util';
import type fastJsonType from 'fast-json-stringify';
import type { FastifySchemaCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
type CompilerInput = Parameters<FastifySchemaCompiler<z.ZodType>>[0];

/**
 * The JSON writer of one zod response schema through fast-json-stringify (Fastify's own serializer),
 * or null where JSON Schema cannot say what the zod schema does (transforms, dates...).
 * fast-json-stringify writes only the properties the schema declares, as zod's strip does.
 */
// fast-json-stringify, with Ajv which it loads, is ~0.1 s of CPU: loaded with the first schema
// compiled (a route's first reply), or by the server just after it answers (deferFastSerializer).
let fastJson: typeof fastJsonType | undefined;
let deferred = false;
const loadFastJson = () => {
  fastJson ??= createRequire(import.meta.url)('fast-json-stringify') as typeof fastJsonType;
  return fastJson;
};

/**
 * For the server's start (docs/performance.md): until the function returned is called (once the
 * server answers), replies are written by zod's serializer, and the first answer does not wait for
 * fast-json-stringify to load. The function loads it; replies after it are compiled as usual.
 */
export function deferFastSerializer(): () => void {
  deferred = true;
  return () => {
    deferred = false;
    loadFastJson();
  };
}

export function compileFast(schema: z.ZodType): Serialize | null {
  const fastJson = loadFastJson();
  try {
    const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    return fastJson(json as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    return null;
  }
}

/**
 * Fastify's serializer compiler for the app's zod response schemas (decision 0022). zod's own
 * serializer checks and rebuilds the whole reply before JSON.stringify: ~18 us for a price lock
 * against ~2 us here. Each schema is compiled on its first reply, not at start. With `verify`
 * (tests and development), zod runs too and both must write the same JSON value, so every reply an
 * API test makes proves the two agree; zod keeps refusing a reply that breaks its schema there.
 */
export function createResponseSerializerCompiler(opts: { verify: boolean }) {
  return (input: CompilerInput): Serialize => {
    const zodSerialize = zodSerializerCompiler(input as never) as Serialize;
    const schema = input.schema instanceof z.ZodType ? input.schema : undefined;
    let fast: Serialize | null | undefined;
    return (data) => {
      if (fast === undefined) {
        if (deferred) return zodSerialize(data);
        fast = schema ? compileFast(schema) : null;
      }
      if (!fast) return zodSerialize(data);
      if (!opts.verify) return fast(data);
      const expected = zodSerialize(data);
      const out = fast(data);
      // The same JSON value (key order may differ: JSON Schema lists optional keys last).
      if (out !== expected && !isDeepStrictEqual(JSON.parse(out), JSON.parse(expected)))
        throw new Error(
          `${input.method} ${input.url} ${input.httpStatus}: the fast serializer wrote\n${out}\nwhere zod wrote\n${expected}`,
        );
      return out;
    };
  };
}
