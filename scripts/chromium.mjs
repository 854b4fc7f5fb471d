// Finds the Chromium the browser tests drive, and installs Debian's package when the machine can.
// Order: CHROMIUM_PATH, Debian's /usr/bin/chromium, then `chromium` or `chromium-browser` on PATH.
// A browser is never downloaded from the internet: the only install is `apt-get install chromium`.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const PATH_NAMES = ['chromium', 'chromium-browser'];

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The Chromium to use, or undefined. `env` and `executable` are injectable for tests.
 * An explicit CHROMIUM_PATH that does not exist is an error, not a reason to look elsewhere.
 */
export function findChromium({ env = process.env, executable = isExecutable } = {}) {
  if (env.CHROMIUM_PATH) {
    if (executable(env.CHROMIUM_PATH)) return { path: env.CHROMIUM_PATH, from: 'CHROMIUM_PATH' };
    return { error: `CHROMIUM_PATH is set to ${env.CHROMIUM_PATH}, which is not an executable file.` };
  }
  if (executable(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM, from: 'Debian' };
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const name of PATH_NAMES) {
      const file = path.join(dir, name);
      if (executable(file)) return { path: file, from: 'PATH' };
    }
  }
  return undefined;
}

/** The one line shown when there is no Chromium and this machine cannot install it. */
export const MISSING_LINE =
  'Browser tests need Chromium: run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH to a Chromium), then `npm test` again.';

/** Whether Debian's package can be installed here: root and apt-get present. */
export function canInstall({ uid = process.getuid?.(), executable = isExecutable } = {}) {
  return uid === 0 && executable('/usr/bin/apt-get');
}

/**
 * Finds Chromium; when there is none and the machine can, installs Debian's package. Returns the
 * path, or { error } with the line to print. `run` and the probes are injectable for tests.
 */
export function ensureChromium({
  env = process.env,
  executable = isExecutable,
  uid = process.getuid?.(),
  run = (cmd, args) =>
    spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } }),
  log = (line) => console.log(line),
} = {}) {
  const found = findChromium({ env, executable });
  if (found?.path) return found;
  if (found?.error) return found;
  if (!canInstall({ uid, executable })) return { error: MISSING_LINE };
  log("Chromium not found: installing Debian's package (apt-get install -y chromium)...");
  const update = run('apt-get', ['update', '-qq']);
  const install = update.status === 0 ? run('apt-get', ['install', '-y', '-qq', 'chromium']) : update;
  if (install.status !== 0) return { error: `apt-get could not install Chromium. ${MISSING_LINE}` };
  return findChromium({ env, executable }) ?? { error: MISSING_LINE };
}
