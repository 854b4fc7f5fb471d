import { describe, expect, it } from 'vitest';
import {
  DEBIAN_CHROMIUM,
  DEBIAN_HEADLESS_SHELL,
  ensureChromium,
  findChromium,
  MISSING_LINE,
} from './chromium.mjs';

const only =
  (...files: string[]) =>
  (f: string) =>
    files.includes(f);

describe('findChromium', () => {
  it('prefers CHROMIUM_PATH, then Debian, then PATH', () => {
    const all = only('/opt/c/chrome', DEBIAN_CHROMIUM, '/snap/bin/chromium');
    expect(
      findChromium({ env: { CHROMIUM_PATH: '/opt/c/chrome', PATH: '/snap/bin' }, executable: all }),
    ).toEqual({ path: '/opt/c/chrome', from: 'CHROMIUM_PATH' });
    expect(findChromium({ env: { PATH: '/snap/bin' }, executable: all })).toEqual({
      path: DEBIAN_CHROMIUM,
      from: 'Debian',
    });
    expect(findChromium({ env: { PATH: '/x:/snap/bin' }, executable: only('/snap/bin/chromium') })).toEqual({
      path: '/snap/bin/chromium',
      from: 'PATH',
    });
    expect(
      findChromium({ env: { PATH: '/usr/local/bin' }, executable: only('/usr/local/bin/chromium-browser') }),
    ).toMatchObject({ path: '/usr/local/bin/chromium-browser' });
  });

  it('reports a CHROMIUM_PATH that is not executable instead of silently using another', () => {
    const r = findChromium({ env: { CHROMIUM_PATH: '/nope' }, executable: only(DEBIAN_CHROMIUM) });
    expect(r).toEqual({ error: expect.stringContaining('/nope') });
  });

  it('puts the headless shell first for the browser tests, after an explicit CHROMIUM_PATH', () => {
    const all = only('/opt/c/chrome', DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL);
    expect(findChromium({ env: {}, executable: all, headlessShell: true })).toEqual({
      path: DEBIAN_HEADLESS_SHELL,
      from: 'Debian headless shell',
    });
    expect(findChromium({ env: {}, executable: all })).toMatchObject({ path: DEBIAN_CHROMIUM });
    expect(
      findChromium({ env: { CHROMIUM_PATH: '/opt/c/chrome' }, executable: all, headlessShell: true }),
    ).toMatchObject({ path: '/opt/c/chrome' });
    expect(findChromium({ env: {}, executable: only(DEBIAN_CHROMIUM), headlessShell: true })).toMatchObject({
      path: DEBIAN_CHROMIUM,
    });
  });

  it('finds nothing on a machine without Chromium', () => {
    expect(findChromium({ env: { PATH: '/usr/bin:/bin' }, executable: () => false })).toBeUndefined();
  });
});

describe('ensureChromium', () => {
  it("installs Debian's package as root with apt, then uses it", () => {
    const installed = new Set(['/usr/bin/apt-get']);
    const calls: string[] = [];
    const r = ensureChromium({
      env: { PATH: '/usr/bin' },
      uid: 0,
      executable: (f) => installed.has(f),
      run: (cmd, args) => {
        calls.push([cmd, ...args].join(' '));
        if (args.includes('install')) installed.add(DEBIAN_CHROMIUM);
        return { status: 0 };
      },
      log: () => {},
    });
    expect(calls).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium']);
    expect(r).toEqual({ path: DEBIAN_CHROMIUM, from: 'Debian' });
  });

  it('stops with the one line when it may not install (not root)', () => {
    const calls: string[] = [];
    const r = ensureChromium({
      env: { PATH: '/usr/bin' },
      uid: 1000,
      executable: only('/usr/bin/apt-get'),
      run: (cmd) => {
        calls.push(cmd);
        return { status: 0 };
      },
      log: () => {},
    });
    expect(calls).toEqual([]);
    expect(r).toEqual({ error: MISSING_LINE });
    expect(MISSING_LINE).not.toContain('\n');
    expect(MISSING_LINE).toContain('apt-get install -y chromium');
  });

  it('stops with the one line when apt fails', () => {
    const r = ensureChromium({
      env: { PATH: '/usr/bin' },
      uid: 0,
      executable: only('/usr/bin/apt-get'),
      run: () => ({ status: 100 }),
      log: () => {},
    });
    expect(r.error).toContain(MISSING_LINE);
  });

  it('never installs when a Chromium is already there', () => {
    const r = ensureChromium({
      env: {},
      uid: 0,
      executable: only(DEBIAN_CHROMIUM, '/usr/bin/apt-get'),
      run: () => {
        throw new Error('must not run');
      },
    });
    expect(r.path).toBe(DEBIAN_CHROMIUM);
  });

  it('installs the headless shell beside Chromium for the browser tests, with one apt update', () => {
    const installed = new Set(['/usr/bin/apt-get']);
    const calls: string[] = [];
    const r = ensureChromium({
      env: { PATH: '/usr/bin' },
      uid: 0,
      headlessShell: true,
      executable: (f) => installed.has(f),
      run: (cmd, args) => {
        calls.push([cmd, ...args].join(' '));
        if (args.includes('chromium')) installed.add(DEBIAN_CHROMIUM);
        if (args.includes('chromium-headless-shell')) installed.add(DEBIAN_HEADLESS_SHELL);
        return { status: 0 };
      },
      log: () => {},
    });
    expect(calls).toEqual([
      'apt-get update -qq',
      'apt-get install -y -qq chromium',
      'apt-get install -y -qq chromium-headless-shell',
    ]);
    expect(r).toEqual({ path: DEBIAN_HEADLESS_SHELL, from: 'Debian headless shell' });
  });

  it('uses the full Chromium when the headless shell cannot be installed or may not be', () => {
    const lines: string[] = [];
    const r = ensureChromium({
      env: {},
      uid: 0,
      headlessShell: true,
      executable: only(DEBIAN_CHROMIUM, '/usr/bin/apt-get'),
      run: (_cmd, args) => ({ status: args.includes('chromium-headless-shell') ? 100 : 0 }),
      log: (l) => lines.push(l),
    });
    expect(r).toEqual({ path: DEBIAN_CHROMIUM, from: 'Debian' });
    expect(lines.at(-1)).toContain('use the full Chromium');
    const notRoot = ensureChromium({
      env: {},
      uid: 1000,
      headlessShell: true,
      executable: only(DEBIAN_CHROMIUM, '/usr/bin/apt-get'),
      run: () => {
        throw new Error('must not run');
      },
    });
    expect(notRoot).toEqual({ path: DEBIAN_CHROMIUM, from: 'Debian' });
  });
});
