import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type Partner, partnersSchema } from '@vaultline/shared';
import { ZodError } from 'zod';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedReference } from '../db/seed';
import { createSystemService } from '../modules/system/system.service';

const USAGE = `Usage: npm run settings:partners -- [options] [partner...]
  (no argument)            print the partners shown on the home page
  "Name"                   a partner without a link
  "Name=https://site"      a partner with a link to its site
  --json '[{"name":"Name","url":"https://site"}]'
  --clear                  remove every partner (the home page strip is hidden)
Each call replaces the whole list. Name only companies you really work with.`;

/**
 * "Acme" or "Acme=https://acme.example": split at the first "=" followed by an address (any scheme,
 * so that a wrong one is refused by the schema rather than kept as part of the name).
 */
export function parsePartnerArg(arg: string): Partner {
  const m = /^(.*?)=([a-z][a-z0-9+.-]*:.*)$/i.exec(arg);
  return m ? { name: (m[1] ?? '').trim(), url: (m[2] ?? '').trim() } : { name: arg.trim() };
}

/** The list a command line asks for, validated; undefined when it only asks to print. */
export function partnersFromArgs(args: string[]): Partner[] | undefined {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { json: { type: 'string' }, clear: { type: 'boolean' } },
  });
  const given = [values.json !== undefined, values.clear === true, positionals.length > 0].filter(Boolean);
  if (given.length > 1) throw new Error('Give either --clear, --json or partner arguments, not several');
  if (values.clear) return [];
  if (values.json !== undefined) return partnersSchema.parse(JSON.parse(values.json));
  if (positionals.length) return partnersSchema.parse(positionals.map(parsePartnerArg));
  return undefined;
}

function describe(list: readonly Partner[]): string {
  if (!list.length) return 'No partners: the home page shows no partner strip.';
  return list.map((p) => `- ${p.name}${p.url ? ` (${p.url})` : ''}`).join('\n');
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const wanted = partnersFromArgs(args);
  const database = await openDatabase(loadConfig(process.env));
  try {
    await seedReference(database.db);
    const system = createSystemService({ db: database.db });
    const list = wanted ? await system.setPartners(wanted) : (await system.publicSettings()).partners;
    console.log(describe(list));
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    if (err instanceof ZodError)
      console.error(err.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
    else console.error(err instanceof Error ? err.message : err);
    console.error(USAGE);
    process.exit(1);
  });
}
