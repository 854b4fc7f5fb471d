import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * A PGlite with the extensions the migrations use (pg_trgm, for the user search's index). Every
 * embedded database is opened through here: one without the extension could not write the rows
 * that index covers.
 */
export function newPglite(dataDir?: string, options: PGliteOptions = {}): PGlite {
  const all = { ...options, extensions: { ...options.extensions, pg_trgm } };
  // PGlite reads its options from the first argument when there is no data dir.
  return dataDir === undefined ? new PGlite(all) : new PGlite(dataDir, all);
}
