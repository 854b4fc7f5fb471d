import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { emailSchema } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config';
import type { Db } from '../db/client';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { ensureUser, seedReference } from '../db/seed';

export const ADMIN_PASSWORD_MIN = 12;
const USAGE =
  'Usage: npm run admin:create -- --email admin@example.com  (password from ADMIN_PASSWORD or asked)';

/**
 * Makes the e-mail an administrator: promotes an existing account (its password is kept) or
 * creates one with the given password.
 */
export async function createOrPromoteAdmin(
  db: Db,
  opts: { email: string; password: () => Promise<string> },
): Promise<'created' | 'promoted' | 'already-admin'> {
  const email = emailSchema.parse(opts.email);
  const [existing] = await db.select({ role: users.role }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) {
    if (existing.role === 'admin') return 'already-admin';
    await db.update(users).set({ role: 'admin' }).where(eq(users.email, email));
    return 'promoted';
  }
  const password = await opts.password();
  if (password.length < ADMIN_PASSWORD_MIN) {
    throw new Error(`The password must be at least ${ADMIN_PASSWORD_MIN} characters`);
  }
  await ensureUser(db, { email, password, firstName: 'Admin', lastName: 'Admin', role: 'admin' });
  return 'created';
}

/** Reads a line from the terminal without echoing it. */
export function promptHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  if (!stdin.isTTY) return Promise.reject(new Error('Set ADMIN_PASSWORD or run this in a terminal'));
  return new Promise((resolve, reject) => {
    let value = '';
    stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (err?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stdout.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003') return done(new Error('Cancelled'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help || !values.email) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 1);
  }
  if (!emailSchema.safeParse(values.email).success) {
    console.error(`Not an e-mail address: ${values.email}`);
    process.exit(1);
  }
  // ADMIN_PASSWORD is this command's input here, not the first-admin pair loadConfig checks.
  const { ADMIN_EMAIL: _e, ADMIN_PASSWORD: envPassword, ...env } = process.env;
  const config = loadConfig(env);
  const database = await openDatabase(config);
  try {
    await seedReference(database.db);
    const outcome = await createOrPromoteAdmin(database.db, {
      email: values.email,
      password: async () => {
        if (envPassword) return envPassword;
        const first = await promptHidden('Password for the new administrator: ');
        const again = await promptHidden('Repeat the password: ');
        if (first !== again) throw new Error('The passwords do not match');
        return first;
      },
    });
    const messages = {
      created: 'created as administrator',
      promoted: 'promoted to administrator (password unchanged)',
      'already-admin': 'is already an administrator (nothing changed)',
    };
    console.log(`${values.email.toLowerCase()} ${messages[outcome]}.`);
    console.log(
      'An admin needs a second factor: sign in, then add a passkey or an authenticator app in My account → Security. With ADMIN_REQUIRE_2FA (the default in production) the back office refuses an admin without one.',
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
