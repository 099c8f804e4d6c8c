import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The run's own TMPDIR, removed at the end: see test/support/global-setup.ts.
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Real Chromium instances are heavy on a 2-core machine; keep parallelism modest.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
