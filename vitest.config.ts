import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Two test files at a time at least: the API files wait on their databases, nodes and timers as much
// as they compute: on a 2-core machine Vitest's default (cores - 1) runs one and leaves half the
// machine idle; two keep both cores busy (the whole suite: 11 min, 1.8 cores; docs/performance.md).
const maxWorkers = Math.max(2, os.availableParallelism() - 1);

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        test: { name: 'scripts', root: './scripts', include: ['*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'partner-client',
          root: './packages/partner-client',
          include: ['src/**/*.test.ts', 'generator/**/*.test.ts'],
          environment: 'node',
          // These tests build the whole API (the generator's document, the client against a server).
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // A worker loads the API's modules once for all the files it runs, not once per file: half
          // of an isolated file's CPU was loading them (0.58 of the wall time on both databases,
          // docs/performance.md). Each file still has its own database, app, nodes and ports; no API
          // test mocks a module, and the one that fakes Date restores it.
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // One jsdom per worker, not per file (setting one up was most of a file's time: the web
          // files took 19 s instead of 123 s); setup.ts gives each file fresh app modules, storage
          // and document.
          isolate: false,
        },
      },
    ],
  },
});
