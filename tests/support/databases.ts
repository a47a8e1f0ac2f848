// Fresh databases for tests: PGlite in a temporary directory, or a new database on the test
// PostgreSQL server (.ci/run starts the machine's own).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type BackendKind = 'pglite' | 'postgres';
export const backendKinds: BackendKind[] = ['pglite', 'postgres'];

export const testDatabaseUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

async function adminClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `The PostgreSQL tests need a server at ${testDatabaseUrl} ` +
        `(start it with \`pg_ctlcluster 15 main start\`, or set TEST_DATABASE_URL): ${(error as Error).message}`,
      { cause: error },
    );
  }
  return client;
}

/** Creates an empty database on the test server; drop() removes it. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = await adminClient();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(testDatabaseUrl);
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
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
