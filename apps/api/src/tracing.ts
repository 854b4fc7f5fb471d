import { register } from 'node:module';

/**
 * OpenTelemetry tracing (docs/operations.md, "Tracing"; decision 0028), started by server.ts before
 * the app and the database client load, only when OTEL_EXPORTER_OTLP_ENDPOINT is set. Spans: each
 * request (@fastify/otel), the services' own steps (lib/trace.ts), and each SQL statement sent to
 * PostgreSQL (@opentelemetry/instrumentation-pg, which needs `pg` loaded after this). Exported
 * over OTLP/HTTP to the endpoint (the exporter reads the standard OTEL_* variables).
 */
export async function startTracing(serviceName: string, instance: string): Promise<() => Promise<void>> {
  // ESM modules are patched through this loader hook (import-in-the-middle); `pg` loads after it.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [
    { NodeTracerProvider },
    { BatchSpanProcessor },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    { registerInstrumentations },
    { PgInstrumentation },
    { FastifyOtelInstrumentation },
    { enableTracing },
    otelApi,
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-pg'),
    import('@fastify/otel'),
    import('./lib/trace'),
    import('@opentelemetry/api'),
  ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName, 'service.instance.id': instance }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    instrumentations: [
      // Statement text only (no values: they may hold e-mails or amounts of someone else).
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    ],
  });
  enableTracing(otelApi);
  return async () => {
    await provider.forceFlush();
    await provider.shutdown();
  };
}
