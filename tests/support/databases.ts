// Fresh databases for tests: PGlite in a temporary directory, or a new database on the test
// PostgreSQL server: TEST_DATABASE_URL, or else a PostgreSQL 17 that the suite starts from the
// npm registry's binaries (startTestPostgres, run once by Vitest's global setup and by the bench).
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '#server/supabase/db/embedded-postgres.ts';

export type BackendKind = 'pglite' | 'postgres';
export const backendKinds: BackendKind[] = ['pglite', 'postgres'];

/** The test PostgreSQL server's URL; startTestPostgres has made sure there is one. */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      "No test PostgreSQL: call startTestPostgres() first (Vitest's global setup does)",
    );
  return url;
}

/**
 * Makes TEST_DATABASE_URL name a running server: the one it names already, or a throwaway
 * cluster (fsync off) in a temporary directory. stop() ends and removes what this started.
 */
export async function startTestPostgres(): Promise<{ url: string; stop: () => Promise<void> }> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    // Reached once here, so that a wrong URL stops the run instead of failing every file.
    const client = new pg.Client({ connectionString: given });
    await client.connect();
    await client.end();
    return { url: given, stop: async () => undefined };
  }
  const { dir, cleanup } = await createTempDir('leadgen-postgres-');
  const server = await startEmbeddedPostgres({
    directory: path.join(dir, 'cluster'),
    settings: {
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      max_connections: '200',
    },
  });
  process.env.TEST_DATABASE_URL = server.url;
  return {
    url: server.url,
    async stop() {
      await server.stop();
      await cleanup();
      delete process.env.TEST_DATABASE_URL;
    },
  };
}

async function adminClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  return client;
}

/** Creates an empty database on the test server; drop() removes it. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = await adminClient();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = await adminClient();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A temporary directory, removed by cleanup(). */
export async function createTempDir(
  prefix = 'leadgen-test-',
): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  // An embedded PostgreSQL in it runs as nobody under root, who must pass through.
  await chmod(dir, 0o711);
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
