import { describe, expect, it } from 'vitest';
import { createIntervalJob } from './interval-job';

const silent = { info: () => undefined, warn: () => undefined } as never;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a periodic job', () => {
  it('runs at once when asked to, and a kick during a pass runs one more pass right after it', async () => {
    let passes = 0;
    let release: () => void = () => undefined;
    const job = createIntervalJob({
      name: 'test',
      everyMs: 60_000,
      immediate: true,
      log: silent,
      pass: async () => {
        passes++;
        await new Promise<void>((r) => {
          release = r;
        });
        return 0;
      },
    });
    job.start();
    await sleep(10);
    expect(passes).toBe(1);
    // Two kicks while the first pass runs: one more pass, not two, and not before it ends.
    job.kick();
    job.kick();
    await sleep(10);
    expect(passes).toBe(1);
    release();
    await sleep(10);
    expect(passes).toBe(2);
    release();
    await sleep(10);
    expect(passes).toBe(2);
    await job.stop();
  });

  it('does nothing on a kick once stopped', async () => {
    let passes = 0;
    const job = createIntervalJob({ name: 't', everyMs: 60_000, log: silent, pass: async () => ++passes });
    job.start();
    await job.stop();
    job.kick();
    await sleep(10);
    expect(passes).toBe(0);
  });
});
