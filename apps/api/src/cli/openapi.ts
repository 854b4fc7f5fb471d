import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPglite } from '../db/client';

const USAGE = `Usage: node --import tsx apps/api/src/cli/openapi.ts [--out file]
Writes the API's OpenAPI document (what /api/docs/json serves) to the file, or to standard output.`;

/** An OpenAPI document, as far as the tools that read it here need to know. */
export interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown> | undefined>;
  [key: string]: unknown;
}

/**
 * The document /api/docs/json serves, built without a server or a data folder: an embedded database
 * in memory (closed at once) and a fixed configuration, so the document is the same on every machine
 * (the routes under /api do not depend on the environment).
 */
export async function openApiDocument(): Promise<OpenApiDocument> {
  const database = await openPglite();
  try {
    const config = loadConfig({ NODE_ENV: 'test', DEMO: 'false', LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database });
    try {
      await app.ready();
      return app.swagger() as unknown as OpenApiDocument;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const text = `${JSON.stringify(await openApiDocument(), null, 2)}\n`;
  if (!values.out) {
    process.stdout.write(text);
    return;
  }
  await mkdir(path.dirname(values.out), { recursive: true });
  await writeFile(values.out, text);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    console.error(USAGE);
    process.exit(1);
  });
}
