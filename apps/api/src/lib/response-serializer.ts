import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
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
export function compileFast(schema: z.ZodType): Serialize | null {
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
      if (fast === undefined) fast = schema ? compileFast(schema) : null;
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
