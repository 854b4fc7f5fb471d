import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyPgliteTemplate, TEMPLATE_STAMP } from './pglite-template';

// The copy rules on stand-in folders; a real template is made by the build and exercised by
// bench/first-start.ts and the `npm start` browser test.
const tmp = mkdtempSync(path.join(os.tmpdir(), 'vaultline-template-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function template(stamped: boolean): string {
  const dir = mkdtempSync(path.join(tmp, 'template-'));
  mkdirSync(path.join(dir, 'base'));
  writeFileSync(path.join(dir, 'PG_VERSION'), '17');
  writeFileSync(path.join(dir, 'base', 'table'), 'rows');
  if (stamped) writeFileSync(path.join(dir, TEMPLATE_STAMP), '{}');
  return dir;
}

describe('copyPgliteTemplate', () => {
  it('fills a missing data dir (parents included) with the template, without its stamp or leftovers', async () => {
    const target = path.join(tmp, 'new', 'data', 'pglite');
    expect(await copyPgliteTemplate(target, template(true))).toBe(true);
    expect(readdirSync(target).sort()).toEqual(['PG_VERSION', 'base']);
    expect(readFileSync(path.join(target, 'base', 'table'), 'utf8')).toBe('rows');
    expect(readdirSync(path.dirname(target))).toEqual(['pglite']);
  });

  it('fills an empty data dir too', async () => {
    const target = mkdtempSync(path.join(tmp, 'empty-'));
    expect(await copyPgliteTemplate(target, template(true))).toBe(true);
    expect(existsSync(path.join(target, 'PG_VERSION'))).toBe(true);
  });

  it('never touches a data dir that holds anything', async () => {
    const target = mkdtempSync(path.join(tmp, 'used-'));
    writeFileSync(path.join(target, 'PG_VERSION'), 'mine');
    expect(await copyPgliteTemplate(target, template(true))).toBe(false);
    expect(readdirSync(target)).toEqual(['PG_VERSION']);
    expect(readFileSync(path.join(target, 'PG_VERSION'), 'utf8')).toBe('mine');
  });

  it('does nothing without a finished (stamped) template', async () => {
    const target = path.join(tmp, 'none');
    expect(await copyPgliteTemplate(target, template(false))).toBe(false);
    expect(await copyPgliteTemplate(target, path.join(tmp, 'no-such-template'))).toBe(false);
    expect(existsSync(target)).toBe(false);
  });

  it('fails without leaving a partial copy behind', async () => {
    const target = path.join(tmp, 'blocked', 'pglite');
    mkdirSync(path.dirname(target));
    const broken = template(true);
    execFileSync('mkfifo', [path.join(broken, 'base', 'pipe')]); // fs.cpSync refuses to copy a FIFO
    await expect(copyPgliteTemplate(target, broken)).rejects.toThrow();
    expect(readdirSync(path.dirname(target))).toEqual([]);
  });
});
