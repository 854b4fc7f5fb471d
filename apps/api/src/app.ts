import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { CHECKOUT_PATHS } from '@vaultline/shared';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ChainNetworkConfig } from './chain-config';
import type { Config } from './config';
import type { Database } from './db/client';
import { logDestination, loggerOptions } from './lib/logger';
import { createResponseSerializerCompiler } from './lib/response-serializer';
import { createTokenService } from './lib/tokens';
import { registerModules } from './modules';
import type { Faucet } from './modules/chain/demo-chain';
import { keyFailureLimit } from './modules/partners/partner-rate-limit';
import { testGatewayRoutes } from './modules/payments/test-gateway.routes';
import { authPlugin } from './plugins/auth';
import { docsPlugin } from './plugins/docs';
import { errorHandlerPlugin } from './plugins/error-handler';
import { httpLimitsPlugin, httpServerOptions } from './plugins/http-limits';
import { createPublicCache } from './plugins/public-cache';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webPlugin } from './plugins/web';
import { xsrfPlugin } from './plugins/xsrf';
import { createServices, type ServiceContext, type Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    services: Services;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Extra services or fakes for tests (e.g. a clock). */
  overrides?: Partial<Services>;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: NodeJS.WritableStream;
  /** Sees every route as it is registered (tests walk the route table, e.g. every Admin/* call). */
  onRoute?: (route: RouteOptions) => void;
  /** Demo mode's local chains (server.ts starts them): watched once up, and their test deposits. */
  demoChains?: Promise<{ networks: ChainNetworkConfig[]; faucet: Faucet } | undefined>;
  /** Chains built by a test, and the payout worker's test seams. */
  chainTest?: ServiceContext['chainTest'];
  /**
   * How long one plugin may take to register (Fastify's default, 10 s, when not given). Tests pass
   * 0 (no limit): a file's app starting slowly on a loaded machine is not a failure; the test
   * runner's own hook timeout still ends a start that hangs.
   */
  pluginTimeout?: number;
}

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/** Builds the whole HTTP app: plugins, then modules. Used by the server and by every API test. */
export async function buildApp({
  config,
  database,
  overrides,
  logStream,
  onRoute,
  demoChains,
  chainTest,
  pluginTimeout,
}: BuildAppOptions): Promise<FastifyInstance> {
  // Guests' cached public reads are answered in front of Fastify's router (decision 0024).
  const publicCache = createPublicCache();
  const serializerCompiler = createResponseSerializerCompiler({ verify: !config.isProduction });
  const app = Fastify({
    ...loggerOptions(config, await logDestination(config, logStream)),
    trustProxy: config.trustProxy,
    // Body, address, header limits and timeouts; the router's refusals in the error envelope.
    ...httpServerOptions(config),
    ...(pluginTimeout === undefined ? {} : { pluginTimeout }),
    serverFactory: publicCache.serverFactory,
    // One sequence of request ids for Fastify's log lines and the cache's.
    genReqId: publicCache.genReqId,
    // Every route's schemas are zod's, compiled by these two: Fastify's defaults (Ajv and
    // fast-json-stringify's compiler) would only be loaded, at a cost to every start.
    // (Fastify types these factories for Ajv's compilers, hence the cast.)
    schemaController: {
      compilersFactory: {
        buildValidator: () => validatorCompiler,
        buildSerializer: () => serializerCompiler,
      } as unknown as CompilersFactory,
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook('onRoute', onRoute);

  const tokens = createTokenService(config.jwtSecret, config.accessTokenTtlSeconds);
  const services = {
    ...createServices({
      config,
      database,
      tokens,
      log: app.log,
      ...(overrides?.feed ? { feed: overrides.feed } : {}),
      ...(demoChains ? { demoChains } : {}),
      ...(chainTest ? { chainTest } : {}),
    }),
    ...overrides,
  } as Services;
  app.decorate('config', config);
  app.decorate('services', services);
  // First, so that its preClose hook runs first and routes registered later can opt in.
  await app.register(publicCache.plugin, { logLevel: config.logLevel });
  app.addHook('onReady', () => services.lifecycle.start());
  // The live feed shares the HTTP server (path /feed/anonymousexchange); its clients are
  // disconnected before the server closes, or their open connections would hold it open.
  app.addHook('onReady', () =>
    services.feed.attach(app.server, {
      tokens,
      loadAuthState: (id) => services.account.loadAuthState(id),
      ...(services.twoFactor.adminRequired ? { adminAllowed: (id) => services.twoFactor.hasFactor(id) } : {}),
    }),
  );
  app.addHook('preClose', () => services.feed.close());
  app.addHook('onClose', async () => {
    await services.lifecycle.stop();
    await services.redis?.quit();
  });

  await app.register(errorHandlerPlugin);
  // Prometheus metrics, only when a token or a port of their own is set: after the error handler
  // (its 401 in the envelope), before the routes it times.
  // prom-client is loaded only then.
  if (config.metrics.token || config.metrics.port !== undefined)
    await app.register((await import('./plugins/metrics')).metricsPlugin, {
      config: config.metrics,
      sources: { database, services },
      publicCache,
    });
  await app.register(httpLimitsPlugin);
  await app.register(securityHeadersPlugin, {
    isProduction: config.isProduction,
    webDist: config.webDist,
    // The chat widget's hosts are allowed only while a chat key is set (DECISIONS §9).
    chatEnabled: async () => Boolean((await services.system.publicSettings()).chatWidgetKey),
  });
  await app.register(cookie, { secret: config.cookieSecret });
  await app.register(rateLimit, { global: false, ...(services.redis ? { redis: services.redis } : {}) });
  await app.register(xsrfPlugin, { secure: config.isProduction });
  await app.register(authPlugin, {
    tokens,
    loadAuthState: (id) => services.account.loadAuthState(id),
    apiKeys: services.partners.apiKeys,
    keyFailures: keyFailureLimit(app, config),
    adminHasFactor: services.twoFactor.adminRequired ? (id) => services.twoFactor.hasFactor(id) : null,
    stepUp: {
      hasFactor: (id) => services.twoFactor.hasFactor(id),
      recentlyGiven: (id, sid) => services.twoFactor.recentlyGiven(id, sid),
      async verify(id, sid, proof, origin) {
        await services.twoFactor.verifyProof(id, proof, origin);
        await services.twoFactor.markSession(id, sid);
      },
    },
  });
  await app.register(docsPlugin);
  await app.register(registerModules, { prefix: '/api' });
  // The test gateway's hosted pages (outside /api: the only place a card number is typed), and its
  // webhooks delivered through the app itself unless TEST_GATEWAY_WEBHOOK_URL says where.
  const testGateway = services.payments.test;
  if (testGateway) {
    await app.register(testGatewayRoutes, { gateway: testGateway });
    services.payments.useSender(async (payload, signature) => {
      const res = await app.inject({
        method: 'POST',
        url: `/api${CHECKOUT_PATHS.testGatewayWebhook}`,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
      return res.statusCode;
    });
  }
  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
