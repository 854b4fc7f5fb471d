import { defineConfig } from 'vitest/config';

// Scale-out and crash tests: need DATABASE_URL, REDIS_URL and nginx (Debian package); run by .ci/run.
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
