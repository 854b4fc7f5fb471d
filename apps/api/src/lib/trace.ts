import type * as OtelApi from '@opentelemetry/api';

/**
 * Set by tracing.ts once a tracer provider is registered (OTEL_EXPORTER_OTLP_ENDPOINT set), with the
 * OpenTelemetry API it loaded: with tracing off the API is never loaded (docs/performance.md).
 */
let otel: typeof OtelApi | undefined;

export function enableTracing(api: typeof OtelApi): void {
  otel = api;
}

/**
 * Runs `fn` inside a span named `name` (a service step: "convert.lock", "convert.convert"), a child
 * of the request's span, with the SQL spans of its statements under it. With tracing off it only
 * calls `fn`: the money path pays one boolean test (docs/performance.md, "Tracing off").
 */
export function traced<T>(name: string, fn: () => Promise<T>): Promise<T> {
  if (!otel) return fn();
  const { SpanStatusCode } = otel;
  return otel.trace.getTracer('vaultline').startActiveSpan(name, async (span) => {
    try {
      return await fn();
    } catch (err) {
      span.recordException(err instanceof Error ? err : String(err));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  });
}
