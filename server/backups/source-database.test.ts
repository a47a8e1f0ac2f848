import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { NoSourceError, openSourceDatabase } from './source-database.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'backup-source-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const silent = () => undefined;

describe('the database a backup command reads', () => {
  it('is none on hosted Supabase without DATABASE_URL, which backs up its own', async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SUPABASE_URL: 'https://project.supabase.co',
      SUPABASE_ANON_KEY: 'anon-key',
    });
    await expect(openSourceDatabase(config, silent)).rejects.toThrow(NoSourceError);
    await expect(openSourceDatabase(config, silent)).rejects.toThrow(/Database → Backups/);
  });

  it('is not PGlite while the site runs on it: the site holds its one connection', async () => {
    // The lock of a server that runs: this test's parent process stands in for it.
    await writeFile(path.join(dataDir, 'server.lock'), String(process.ppid));
    const config = loadConfig({ DATA_DIR: dataDir, EMBEDDED_DATABASE: 'pglite' });
    await expect(openSourceDatabase(config, silent)).rejects.toThrow(
      /running on PGlite.*Stop the site to take one now/s,
    );
  });
});
