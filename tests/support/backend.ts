// Starts the embedded backend in-process for contract tests, on PGlite in a fresh temporary
// directory or on a fresh database of the test PostgreSQL server.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { loadConfig } from '../../server/config.ts';
import { startServer, type RunningServer } from '../../server/app.ts';

export type BackendKind = 'pglite' | 'postgres';
export const backendKinds: BackendKind[] = ['pglite', 'postgres'];

/** The PostgreSQL server the postgres suites run on; .ci/run starts the machine's own. */
export const testDatabaseUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'correct-horse-battery-staple';

export interface TestBackend {
  kind: BackendKind;
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  dataDir: string;
  server: RunningServer;
  /** A supabase-js client as the browser makes one: anon key, no stored session. */
  client(key?: string): SupabaseClient;
  /** A client signed in as the administrator. */
  signedIn(): Promise<SupabaseClient>;
  close(): Promise<void>;
}

async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `The PostgreSQL contract tests need a server at ${testDatabaseUrl} ` +
        `(start it with \`pg_ctlcluster 15 main start\`, or set TEST_DATABASE_URL): ${(error as Error).message}`,
    );
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: testDatabaseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function startTestBackend(
  kind: BackendKind,
  env: Record<string, string> = {},
): Promise<TestBackend> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'leadgen-test-'));
  const database = kind === 'postgres' ? await createTestDatabase() : undefined;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const server = await startServer(config, { site: false, log: () => {} });
  const backend = server.backend!;
  const client = (key = backend.anonKey) =>
    createClient(server.url, key, { auth: { persistSession: false, autoRefreshToken: false } });
  return {
    kind,
    url: server.url,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    dataDir,
    server,
    client,
    async signedIn() {
      const c = client();
      const { error } = await c.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      if (error) throw error;
      return c;
    },
    async close() {
      await server.close();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
