import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, computed once at start: with a fixed policy (no nonces) they are the same for
 * every response, so running helmet per request only costs time (~50 us a request here, see
 * docs/performance.md and docs/decisions/0005).
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/** The chat widget's (Tidio) hosts: its script, its API and socket, its frames and images. */
export const CHAT_WIDGET_SOURCES = {
  script: ['https://code.tidio.co', 'https://widget-v4.tidiochat.com'],
  connect: ['https://*.tidio.co', 'wss://*.tidio.co', 'https://*.tidiochat.com'],
  frame: ['https://*.tidio.co'],
  img: ['https://*.tidio.co', 'https://*.tidiochat.com'],
} as const;

/**
 * The CSP sources of the inline scripts of the built index.html (the theme and the start script the
 * build inlines: apps/web/vite.config.ts, paintFirst), by their SHA-256: those scripts and no other
 * inline script may run. None when there is no build.
 */
export function inlineScriptHashes(webDist: string | undefined): string[] {
  const file = webDist && path.join(webDist, 'index.html');
  if (!file || !existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

/**
 * Who may frame a page (decision 0036): the embeddable widget (/widget) any web page over https or
 * http, every other page nobody (clickjacking: our forms move money), in CSP and in the older
 * X-Frame-Options header alike. The widget gets no X-Frame-Options: it cannot say "anyone".
 */
export type Framing = 'none' | 'widget';
export const WIDGET_FRAME_ANCESTORS = ['https:', 'http:'] as const;

/**
 * Helmet's options; the chat widget's hosts are allowed only when `chat` (a key is set), and the
 * page's own inline scripts by their hashes (`inlineScripts`).
 */
export function securityHeaderOptions(
  isProduction: boolean,
  chat: boolean,
  inlineScripts: readonly string[] = [],
  framing: Framing = 'none',
): HelmetOptions {
  const allow = (kind: keyof typeof CHAT_WIDGET_SOURCES) => (chat ? CHAT_WIDGET_SOURCES[kind] : []);
  return {
    frameguard: framing === 'widget' ? false : { action: 'deny' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts, ...allow('script')],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...allow('img')],
        connectSrc: ["'self'", 'ws:', 'wss:', ...allow('connect')],
        frameSrc: ["'self'", ...allow('frame')],
        frameAncestors: framing === 'widget' ? [...WIDGET_FRAME_ANCESTORS] : ["'none'"],
        upgradeInsecureRequests: isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers of an API answer (JSON, never rendered as a page): the OWASP REST set. Nothing may
 * load, frame or embed it, its type is not sniffed, it leaks no referrer. Helmet's page-only headers
 * (the app's CSP, opener and agent-cluster policies, DNS prefetch, IE download options, the
 * cross-domain policy file) say nothing about a JSON answer and are left out: fewer headers to
 * write and check on every call of the hot reads (docs/performance.md, decision 0005).
 */
export function apiHeaderOptions(): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/** The embeddable widget's page (query string aside): the one page other sites may frame. */
export function isWidgetPage(url: string): boolean {
  return url === '/widget' || url.startsWith('/widget?') || url === '/widget/' || url.startsWith('/widget/?');
}

/**
 * The embed script partners' pages load from their own origin: its Cross-Origin-Resource-Policy
 * must let them (helmet's page default, same-origin, would block the script tag).
 */
export function isEmbedScript(url: string): boolean {
  return url === '/widget.js' || url.startsWith('/widget.js?');
}

/** An API answer, by its path: everything under /api except the browsable docs (a page). */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

export interface SecurityHeadersOptions {
  isProduction: boolean;
  /** The built app, whose index.html's inline scripts the page policy allows by hash. */
  webDist?: string;
  /**
   * Whether the chat widget is on (an admin set its key). Read for each page (not for API answers),
   * so it must be cheap (the settings cache); a failed read counts as off.
   */
  chatEnabled?: () => Promise<boolean>;
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: SecurityHeadersOptions) => {
  // Every variant is computed once: choosing one per request keeps the precomputed fast path.
  const api = computeSecurityHeaders(apiHeaderOptions());
  const inline = inlineScriptHashes(opts.webDist);
  const plain = computeSecurityHeaders(securityHeaderOptions(opts.isProduction, false, inline));
  const withChat = computeSecurityHeaders(securityHeaderOptions(opts.isProduction, true, inline));
  // The widget's shell has no chat (app/layout/widget-layout.tsx): no settings read for it.
  const widget = computeSecurityHeaders(securityHeaderOptions(opts.isProduction, false, inline, 'widget'));
  const embedScript = computeSecurityHeaders({
    ...securityHeaderOptions(opts.isProduction, false, inline),
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  const chatEnabled = opts.chatEnabled;
  // A callback hook, not an async one: API answers (the hot path) take no promise hop here.
  app.addHook('onRequest', (req, reply, done) => {
    if (isApiPath(req.url)) {
      reply.headers(api);
      return done();
    }
    if (isWidgetPage(req.url)) {
      reply.headers(widget);
      return done();
    }
    if (isEmbedScript(req.url)) {
      reply.headers(embedScript);
      return done();
    }
    if (!chatEnabled) {
      reply.headers(plain);
      return done();
    }
    void chatEnabled()
      .catch(() => false)
      .then((chat) => {
        reply.headers(chat ? withChat : plain);
        done();
      });
  });
});
