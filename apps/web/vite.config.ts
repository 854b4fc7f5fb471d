import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { transformSync } from 'esbuild';
import { defineConfig, type Plugin, parseAst, type Rolldown } from 'vite';

const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build (public/ included: the
 * translations are 70-100 KB each), once, at the best levels; the API's static plugin serves them
 * (`preCompressed`) instead of compressing on each request. Small files and source maps are left.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vaultline-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
        );
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
        const data = readFileSync(file);
        const br = brotliCompressSync(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        });
        const gz = gzipSync(data, { level: 9 });
        if (br.length < data.length * 0.9) writeFileSync(`${file}.br`, br);
        if (gz.length < data.length * 0.9) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/** The route table the app's router is built from; read here to know which chunks each URL needs. */
const ROUTES_FILE = path.resolve(import.meta.dirname, 'src/app/routes.tsx');

interface Node {
  type: string;
  [key: string]: unknown;
}
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && 'type' in v;

/** `key: 'text'` or `key: true` of an object literal of the route table. */
function prop(obj: Node, key: string): unknown {
  for (const p of (obj.properties as Node[]) ?? []) {
    if (p.type === 'Property' && isNode(p.key) && (p.key as Node).name === key && isNode(p.value)) {
      const v = p.value as Node;
      return v.type === 'Literal' ? v.value : v;
    }
  }
  return undefined;
}

/** The module of `...page(() => import('./routes/x'))` in a route object, if any. */
function lazyModule(obj: Node): string | undefined {
  for (const p of (obj.properties as Node[]) ?? []) {
    if (p.type !== 'SpreadElement') continue;
    const call = p.argument as Node;
    const fn = (call.arguments as Node[] | undefined)?.[0];
    const body = fn?.body as Node | undefined;
    if (body?.type === 'ImportExpression' && (body.source as Node).type === 'Literal') {
      return String((body.source as Node).value);
    }
  }
  return undefined;
}

/** [URL pattern, route module files] for every route of the table, nested paths joined. */
function routeModules(source: string): [string, string[]][] {
  const program = parseAst(source, { lang: 'tsx' }) as unknown as Node;
  const out: [string, string[]][] = [];
  const visit = (routes: Node, base: string, modules: string[]) => {
    for (const r of (routes.elements as Node[]) ?? []) {
      if (!isNode(r) || r.type !== 'ObjectExpression') continue;
      const own = prop(r, 'path');
      const full =
        typeof own === 'string' ? (own.startsWith('/') ? own : `${base.replace(/\/$/, '')}/${own}`) : base;
      const mod = lazyModule(r);
      const mods = mod ? [...modules, path.resolve(path.dirname(ROUTES_FILE), mod)] : modules;
      const children = prop(r, 'children');
      if (isNode(children) && children.type === 'ArrayExpression') visit(children, full, mods);
      if (mod && (typeof own === 'string' || prop(r, 'index') === true)) out.push([full, mods]);
    }
  };
  const walk = (n: unknown) => {
    if (Array.isArray(n)) return n.forEach(walk);
    if (!isNode(n)) return;
    // export const routes: RouteObject[] = [...]
    if (n.type === 'VariableDeclarator' && (n.id as Node).name === 'routes' && isNode(n.init)) {
      visit(n.init as Node, '', []);
      return;
    }
    for (const v of Object.values(n)) if (typeof v === 'object') walk(v);
  };
  walk(program.body);
  return out;
}

/**
 * A small script in index.html's head that, from the URL alone, asks for the current page's chunks
 * (`modulepreload`) while the framework downloads. Without it they are found only once the entry
 * has run and the router matched the URL: one more round trip on every fresh load (~0.5 s on a
 * slow mobile connection). Chunks index.html already preloads are left out.
 */
function routePreload(): Plugin {
  return {
    name: 'vaultline-route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle: Rolldown.OutputBundle) {
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (file: string, seen = new Set<string>()) => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const i of byFile.get(file)?.imports ?? []) closure(i, seen);
        return seen;
      };
      const eager = closure(entry.fileName);
      const strip = (id: string) => id.replace(/\.[jt]sx?$/, '');
      const chunkOf = new Map(
        chunks.filter((c) => c.facadeModuleId).map((c) => [strip(c.facadeModuleId ?? ''), c.fileName]),
      );
      const map: [string, string[]][] = [];
      for (const [pattern, modules] of routeModules(readFileSync(ROUTES_FILE, 'utf8'))) {
        if (pattern.includes('*')) continue;
        const needed = new Set<string>();
        for (const m of modules) {
          const file = chunkOf.get(strip(m));
          if (!file) this.error(`route-preload: no chunk for ${m} (route ${pattern})`);
          for (const f of closure(file)) if (!eager.has(f)) needed.add(f);
        }
        map.push([pattern, [...needed]]);
      }
      // Files once in a table, routes by index: the script stays ~3 KB compressed.
      const files = [...new Set(map.flatMap(([, f]) => f))];
      const routes = map.map(([r, f]) => [r, f.map((x) => files.indexOf(x))]);
      const script = `(()=>{const f=${JSON.stringify(files)},m=${JSON.stringify(routes)},p=location.pathname.replace(/\\/+$/,'')||'/';for(const[r,i]of m){if(!new RegExp('^'+r.replace(/:[^/]+/g,'[^/]+')+'$').test(p))continue;for(const n of i){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href='/'+f[n];document.head.appendChild(l)}break}})();\n`;
      const ref = this.emitFile({ type: 'asset', name: 'route-preload.js', source: script });
      const html = bundle['index.html'];
      if (html?.type !== 'asset') this.error('route-preload: index.html not in the bundle');
      const src = `/${this.getFileName(ref)}`;
      html.source = String(html.source).replace(
        '</title>',
        `</title>\n    <script src="${src}" async></script>`,
      );
    },
  };
}

const INLINE = path.resolve(import.meta.dirname, 'inline');
/** A script of inline/ as it goes into index.html: minified, and unable to close its own tag. */
const inlineScript = (file: string, replace: Record<string, string> = {}) => {
  let code = readFileSync(path.join(INLINE, file), 'utf8');
  for (const [from, to] of Object.entries(replace)) code = code.replaceAll(from, to);
  const min = transformSync(code, { minify: true, target: 'es2020' }).code.trim();
  return `<script>${min.replaceAll('</', '<\\/')}</script>`;
};

/**
 * index.html paints first (docs/performance.md, "Lighthouse"): the theme script is inlined in the
 * head (no request before the first paint), and the tags Vite puts in the head for the app (the
 * entry module, its modulepreloads, route-preload) are started by an inline script once the boot
 * screen has painted (inline/start.js). The server allows both inline scripts by their hashes.
 */
function paintFirst(): Plugin {
  return {
    name: 'vaultline-paint-first',
    enforce: 'post',
    transformIndexHtml(html) {
      return html.replace('<!-- theme-script -->', inlineScript('theme.js'));
    },
    generateBundle(_options, bundle: Rolldown.OutputBundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      const tags: string[] = [];
      const APP_TAG =
        /\s*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>|<script src="\/assets\/route-preload-[^"]*" async><\/script>)/g;
      let source = String(html.source).replace(APP_TAG, (_all, tag: string) => {
        tags.push(tag);
        return '';
      });
      if (!tags.some((t) => t.startsWith('<script type="module"')))
        this.error('paint-first: no entry in index.html');
      const start = inlineScript('start.js', { __APP_TAGS__: JSON.stringify(tags.join('')) });
      source = source.replace('</body>', `  ${start}\n  </body>`);
      html.source = source;
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), routePreload(), paintFirst(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/feed': { target: 'http://localhost:8080', ws: true },
    },
  },
  build: {
    sourcemap: true,
    // Every browser the app supports has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page runs (React, the router, TanStack Query) as one chunk: left to
          // itself the bundler spreads it over six files the entry preloads, each a request of its
          // own on a slow connection, and one file compresses better (2-3 KB less per page).
          groups: [{ name: 'framework', test: FRAMEWORK }],
        },
      },
    },
  },
});
