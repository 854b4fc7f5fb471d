/**
 * zod compiles object parsers with `new Function` when it can, and probes for that first; the CSP
 * forbids eval, so the probe shows as a CSP violation (a browser issue, which Lighthouse reports).
 * `jitless` skips both; parsing gives the same results. Set through zod's shared config object
 * (`globalThis.__zod_globalConfig`, which zod creates or adopts when it loads) so that the entry
 * does not import zod: only the pages that validate load it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
