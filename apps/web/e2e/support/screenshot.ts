import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

/** Where screenshots go; override with SHOTS_DIR. */
export const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';

/**
 * Saves a PNG of the page (or of one element) as <SHOTS_DIR>/<name>.png and returns the path.
 * Animations are disabled so menus are captured in their final state.
 */
export async function shot(target: Page | Locator, name: string): Promise<string> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const file = path.join(SHOTS_DIR, `${name}.png`);
  await target.screenshot({ path: file, animations: 'disabled' });
  return file;
}
