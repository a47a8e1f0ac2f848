import { defineConfig } from 'vitest/config';
import path from 'node:path';

export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one on this 2-core machine.
    // Unit and contract files wait on PostgreSQL and on sockets as much as on the CPU, so two at a
    // time finish the suite minutes sooner; the browser files keep one at a time (below).
    maxWorkers: 2,
    // Node 24.21's V8 can free a WebAssembly import wrapper twice when its code collector races a
    // wrapper's tier-up, and aborts the process ("Check failed: jit_page_->allocations_.erase(addr)
    // == 1", SIGTRAP). PGlite's instances, opened and closed in many test files, are what brings
    // it about: a worker died of it in two of the suite's runs. Without the collector, a test
    // worker keeps the code of the instances it closed until it exits (each file has its own
    // worker). Servers the tests start, like the site in production, keep their one instance open
    // and run without the flag. Drop it with a Node that carries V8's fix.
    execArgv: ['--no-wasm-code-gc'],
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
            'bench/**/*.test.ts',
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
