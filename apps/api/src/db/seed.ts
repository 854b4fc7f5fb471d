import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import countriesI18n from 'i18n-iso-countries';
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import ru from 'i18n-iso-countries/langs/ru.json' with { type: 'json' };
import type { Config } from '../config';
import { hashPassword } from '../lib/password';
import { seedDemoFunds } from '../modules/ledger/demo-funds';
import { SETTING_DEFAULTS } from '../modules/system/system.service';
import { seedWithdrawalRules } from '../modules/withdrawals/withdrawal-rules';
import type { Db } from './client';
import { ASSETS } from './reference-data';
import { assets, countries, settings, users } from './schema';

for (const l of [en, fr, de, ru]) countriesI18n.registerLocale(l);

/** The reference rows every installation needs (also what the build's database template holds). */
export function referenceRows() {
  return {
    assets: ASSETS.map((a, i) => ({ ...a, sortOrder: i })),
    countries: Object.keys(countriesI18n.getAlpha2Codes()).map((alpha2) => ({
      id: Number(countriesI18n.alpha2ToNumeric(alpha2)),
      iso31661Alpha2Code: alpha2,
      names: {
        'en-us': countriesI18n.getName(alpha2, 'en') ?? alpha2,
        'fr-fr': countriesI18n.getName(alpha2, 'fr') ?? alpha2,
        'de-de': countriesI18n.getName(alpha2, 'de') ?? alpha2,
        'ru-ru': countriesI18n.getName(alpha2, 'ru') ?? alpha2,
      },
    })),
    settings: Object.entries(SETTING_DEFAULTS).map(([key, value]) => ({ key, value })),
  };
}

/**
 * Reference data every installation needs. Idempotent: a second run adds nothing. It reads what is
 * there and inserts only what is missing, so a start on an existing database writes nothing.
 */
export async function seedReference(db: Db): Promise<void> {
  const rows = referenceRows();
  const haveAssets = new Set((await db.select({ ticker: assets.ticker }).from(assets)).map((r) => r.ticker));
  const newAssets = rows.assets.filter((a) => !haveAssets.has(a.ticker));
  if (newAssets.length > 0) {
    await db.insert(assets).values(newAssets).onConflictDoNothing({ target: assets.ticker });
  }
  const haveCountries = new Set((await db.select({ id: countries.id }).from(countries)).map((r) => r.id));
  const newCountries = rows.countries.filter((c) => !haveCountries.has(c.id));
  if (newCountries.length > 0) await db.insert(countries).values(newCountries).onConflictDoNothing();
  const haveSettings = new Set((await db.select({ key: settings.key }).from(settings)).map((r) => r.key));
  const newSettings = rows.settings.filter((r) => !haveSettings.has(r.key));
  if (newSettings.length > 0) await db.insert(settings).values(newSettings).onConflictDoNothing();
}

export interface SeededAccount {
  email: string;
  password: string | undefined;
  created: boolean;
}

/** Creates a user if the e-mail is free; returns whether it did. */
export async function ensureUser(
  db: Db,
  u: { email: string; password: string; firstName: string; lastName: string; role: 'admin' | 'user' },
): Promise<boolean> {
  // Hashing costs more than looking (and every start looks for the demo accounts): look first.
  const email = u.email.toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) return false;
  const inserted = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(u.password),
      firstName: u.firstName,
      lastName: u.lastName,
      role: u.role,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return inserted.length > 0;
}

/**
 * DEMO DATA. Only in demo mode: a demo admin and a demo user. Their passwords come from the
 * environment, or are generated at first start and printed once (never stored in the repo).
 */
export async function seedDemo(db: Db, config: Config): Promise<SeededAccount[]> {
  // Both at once: their password hashes (argon2, on the thread pool) are made side by side.
  const accounts = [
    [config.demoAdmin, 'admin', 'Ada'],
    [config.demoUser, 'user', 'Demo'],
  ] as const;
  const out: SeededAccount[] = await Promise.all(
    accounts.map(async ([who, role, first]) => {
      const remembered = readRemembered(config.dataDir, who.email);
      const password = who.password ?? remembered ?? randomBytes(9).toString('base64url');
      const lastName = role === 'admin' ? 'Admin' : 'User';
      const created = await ensureUser(db, { email: who.email, password, firstName: first, lastName, role });
      if (created && !who.password) remember(config.dataDir, who.email, password);
      return {
        email: who.email,
        password: created || who.password || remembered ? password : undefined,
        created,
      };
    }),
  );
  // DEMO DATA: opening balances through the ledger and fake deposit addresses (idempotent).
  await seedDemoFunds(db, config.demoUser.email);
  // DEMO DATA: every asset open for withdrawals with a fee and a minimum (none is open without a row).
  await seedWithdrawalRules(db);
  return out;
}

/** The first administrator of a real deployment, from ADMIN_EMAIL and ADMIN_PASSWORD. */
export async function seedFirstAdmin(db: Db, config: Config): Promise<boolean> {
  if (!config.firstAdmin) return false;
  const admins = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (admins.length > 0) return false;
  return ensureUser(db, { ...config.firstAdmin, firstName: 'Admin', lastName: 'Admin', role: 'admin' });
}

// Generated demo passwords are kept beside the embedded database so later starts can print them.
const credentialsFile = (dir: string) => path.join(dir, 'demo-credentials.json');

function readRemembered(dir: string, email: string): string | undefined {
  try {
    const all = JSON.parse(readFileSync(credentialsFile(dir), 'utf8')) as Record<string, string>;
    return all[email];
  } catch {
    return undefined;
  }
}

function remember(dir: string, email: string, password: string): void {
  let all: Record<string, string> = {};
  try {
    all = JSON.parse(readFileSync(credentialsFile(dir), 'utf8')) as Record<string, string>;
  } catch {
    // first one
  }
  all[email] = password;
  mkdirSync(dir, { recursive: true });
  writeFileSync(credentialsFile(dir), JSON.stringify(all, null, 2), { mode: 0o600 });
}
