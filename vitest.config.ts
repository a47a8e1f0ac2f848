import { defineConfig } from 'vitest/config';
import path from 'node:path';

export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one on this 2-core machine.
    // Unit and contract files wait on PostgreSQL and on sockets as much as on the CPU, so two at a
    // time finish the suite minutes sooner; the browser files keep one at a time (below).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'app/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'shared/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // Some files start an in-memory PGlite and migrate it in their setup, which takes a few
          // seconds alone and more beside another file; a few tests make a PGlite of their own, or
          // stream megabytes through the tests' S3 API server, which takes seconds on a busy
          // machine.
          hookTimeout: 30_000,
          testTimeout: 20_000,
          setupFiles: [
            'tests/support/fail-on-console-error.ts',
            'tests/support/testing-library.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/browser-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One Chromium and one server at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
