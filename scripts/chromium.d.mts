export type Found = {
  path: string;
  from: 'CHROMIUM_PATH' | 'Debian headless shell' | 'Debian' | 'PATH';
  error?: undefined;
};
export type Missing = { error: string; path?: undefined };
type Probe = (file: string) => boolean;
export const DEBIAN_CHROMIUM: string;
export const DEBIAN_HEADLESS_SHELL: string;
export const MISSING_LINE: string;
export function findChromium(opts?: {
  env?: Record<string, string | undefined>;
  executable?: Probe;
  /** Debian's headless shell before every other Chromium but CHROMIUM_PATH (the browser tests). */
  headlessShell?: boolean;
}): Found | Missing | undefined;
export function canInstall(opts?: { uid?: number; executable?: Probe }): boolean;
export function ensureChromium(opts?: {
  env?: Record<string, string | undefined>;
  executable?: Probe;
  uid?: number;
  run?: (cmd: string, args: string[]) => { status: number | null };
  log?: (line: string) => void;
  /** Install the headless shell beside Chromium when the machine can, and prefer it. */
  headlessShell?: boolean;
}): Found | Missing;
