// Finds the Chromium the browser tests drive, and installs Debian's package when the machine can.
// Order: CHROMIUM_PATH, Debian's /usr/bin/chromium, then `chromium` or `chromium-browser` on PATH.
// The browser tests put Debian's headless shell right after CHROMIUM_PATH (package
// chromium-headless-shell: the same Blink without the full browser's window and GPU layers; their
// tests took 0.86 of the time in it, decision 0063) when it is there. A browser is never downloaded from the internet: the only
// installs are Debian's packages.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
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
 * With `headlessShell`, Debian's headless shell comes before every other Chromium but CHROMIUM_PATH.
 */
export function findChromium({ env = process.env, executable = isExecutable, headlessShell = false } = {}) {
  if (env.CHROMIUM_PATH) {
    if (executable(env.CHROMIUM_PATH)) return { path: env.CHROMIUM_PATH, from: 'CHROMIUM_PATH' };
    return { error: `CHROMIUM_PATH is set to ${env.CHROMIUM_PATH}, which is not an executable file.` };
  }
  if (headlessShell && executable(DEBIAN_HEADLESS_SHELL))
    return { path: DEBIAN_HEADLESS_SHELL, from: 'Debian headless shell' };
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
 * path, or { error } with the line to print. With `headlessShell` (the browser tests), Debian's
 * headless shell is installed too when the machine can; where it cannot be had, the full Chromium
 * is used. `run` and the probes are injectable for tests.
 */
export function ensureChromium({
  env = process.env,
  executable = isExecutable,
  uid = process.getuid?.(),
  run = (cmd, args) =>
    spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } }),
  log = (line) => console.log(line),
  headlessShell = false,
} = {}) {
  const found = findChromium({ env, executable, headlessShell });
  if (found?.error) return found;
  const wantShell =
    headlessShell && found?.from !== 'CHROMIUM_PATH' && found?.from !== 'Debian headless shell';
  if (found?.path && !wantShell) return found;
  if (!canInstall({ uid, executable })) return found ?? { error: MISSING_LINE };
  let updated = false;
  const install = (pkg) => {
    const first = updated ? undefined : run('apt-get', ['update', '-qq']);
    updated = true;
    if (first && first.status !== 0) return false;
    return run('apt-get', ['install', '-y', '-qq', pkg]).status === 0;
  };
  if (!found?.path) {
    log("Chromium not found: installing Debian's package (apt-get install -y chromium)...");
    if (!install('chromium')) return { error: `apt-get could not install Chromium. ${MISSING_LINE}` };
  }
  if (wantShell) {
    log(
      "Installing Debian's headless shell for the browser tests (apt-get install -y chromium-headless-shell)...",
    );
    if (!install('chromium-headless-shell'))
      log('It could not be installed: the browser tests use the full Chromium.');
  }
  return findChromium({ env, executable, headlessShell }) ?? { error: MISSING_LINE };
}
