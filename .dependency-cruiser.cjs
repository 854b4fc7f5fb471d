// dependency-cruiser: how the API's import graph is read (scripts/check-imports.mjs runs it from
// `npm run lint`; decision 0048). Type-only imports count: a type taken from the file that imports
// you is an arrow back all the same. Also for a look by hand, e.g.
//   npx depcruise apps/api/src --config .dependency-cruiser.cjs --output-type err-long
//   npx depcruise apps/api/src --config .dependency-cruiser.cjs --output-type dot --collapse '^apps/api/src/modules/[^/]+' | dot -T svg > modules.svg
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A file-level import cycle: put what both sides need (often a Deps type) in a file both can import.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // TypeScript 7 has no compiler API for dependency-cruiser to parse with; swc reads the sources.
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // Tests may use any module's helpers; the layering is about the product's code.
    exclude: { path: ['node_modules', '\\.test\\.ts$', '\\.test-helpers\\.ts$', '^apps/api/src/test/'] },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.json'] },
  },
};
