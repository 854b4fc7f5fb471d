import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './harness';

// The alert rules in deploy/prometheus/ pass Debian's promtool: the rules are valid, and each alert
// has a case in alerts.test.yml that shows it quiet, then firing with its labels and text.
const dir = path.join(root, 'deploy/prometheus');
const promtool = (...args: string[]) => spawnSync('promtool', args, { cwd: dir, encoding: 'utf8' });

describe('alert rules', () => {
  it('pass promtool check rules', () => {
    const res = promtool('check', 'rules', 'alerts.yml');
    expect(res.error, 'promtool is not installed: apt-get install -y prometheus').toBeUndefined();
    expect(res.status, res.stdout + res.stderr).toBe(0);
  });

  it('pass promtool test rules, with a quiet and a firing case for every alert', () => {
    const alerts = [
      ...readFileSync(path.join(dir, 'alerts.yml'), 'utf8').matchAll(/^\s+- alert: (\w+)$/gm),
    ].map((m) => m[1]);
    const tests = readFileSync(path.join(dir, 'alerts.test.yml'), 'utf8');
    expect(alerts.length).toBeGreaterThanOrEqual(10);
    for (const alert of alerts) {
      const cases = [...tests.matchAll(new RegExp(`alertname: ${alert}\\n\\s+exp_alerts:(.*)`, 'g'))];
      expect(
        cases.map((c) => (c[1]?.trim() === '[]' ? 'quiet' : 'firing')),
        alert,
      ).toEqual(['quiet', 'firing']);
    }
    const res = promtool('test', 'rules', 'alerts.test.yml');
    expect(res.status, res.stdout + res.stderr).toBe(0);
    expect(res.stdout).toContain('SUCCESS');
  });
});
