import { envelopeOf, priceLockSchema } from '@vaultline/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileFast, createResponseSerializerCompiler, deferFastSerializer } from './response-serializer';

const compile = (schema: z.ZodType, verify: boolean) =>
  createResponseSerializerCompiler({ verify })({ schema, method: 'GET', url: '/x', httpStatus: '200' });

const lock = {
  success: true,
  error: null,
  content: {
    id: '0b2a0f9e-4a38-4f0c-8a55-3b0e6c1f2d3a',
    expirationUtc: '2026-11-24T23:59:59.000Z',
    pair: {
      left: { id: '0b2a0f9e-4a38-4f0c-8a55-3b0e6c1f2d3b', ticker: 'USD', type: 1, decimals: 2 },
      right: { id: '0b2a0f9e-4a38-4f0c-8a55-3b0e6c1f2d3c', ticker: 'BTC', type: 2, decimals: 8 },
      rate: '0.0000104712041884816753926701570680628272',
    },
    usdPrices: { left: '1', right: '95500' },
    feeRate: '0.005',
    minimumAmountUsd: '99',
    indicative: true,
  },
};

describe('the response serializer', () => {
  it('compiles the money schemas with fast-json-stringify, and leaves a date to zod', () => {
    expect(compileFast(envelopeOf(priceLockSchema))).toBeTypeOf('function');
    expect(compileFast(z.object({ at: z.date() }))).toBeNull();
  });

  it('writes what zod writes, without the fields the schema does not declare', () => {
    const withExtra = { ...lock, content: { ...lock.content, secret: 'card 4242', userId: 'x' } };
    for (const verify of [true, false]) {
      const out = compile(envelopeOf(priceLockSchema), verify)(withExtra);
      expect(JSON.parse(out)).toEqual(lock);
      expect(out).not.toContain('secret');
    }
  });

  it('in verify mode, still refuses a reply that breaks its schema, as zod does', () => {
    const bad = { ...lock, content: { ...lock.content, indicative: 'yes' } };
    expect(() => compile(envelopeOf(priceLockSchema), true)(bad)).toThrow();
  });

  it("uses zod for a schema JSON Schema cannot state (a date) and keeps zod's output", () => {
    const schema = z.object({ at: z.date() });
    const at = new Date('2026-11-24T12:00:00.000Z');
    expect(compile(schema, false)({ at })).toBe('{"at":"2026-11-24T12:00:00.000Z"}');
    expect(() => compile(schema, false)({ at: 'not a date' })).toThrow();
  });

  it('while the server starts, writes with zod; once it has answered, with the compiled serializer', () => {
    // fast-json-stringify writes the required keys first, zod in the schema's order: the order tells
    // which of the two wrote the reply.
    const schema = z.object({ a: z.string().optional(), b: z.string() });
    const load = deferFastSerializer();
    try {
      const serialize = compile(schema, false);
      expect(serialize({ a: 'x', b: 'y' })).toBe('{"a":"x","b":"y"}');
      expect(serialize({ a: 'x', b: 'y' })).toBe('{"a":"x","b":"y"}');
      load();
      expect(serialize({ a: 'x', b: 'y' })).toBe('{"b":"y","a":"x"}');
    } finally {
      load();
    }
  });
});
