// Starts the embedded backend in-process for contract tests, on PGlite in a fresh temporary
// directory or on a fresh database of the test PostgreSQL server; postsBackend adds the clients a
// blog test needs.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { listAllPosts, type BlogPost } from '~/data/posts.ts';
import type { AppSupabaseClient } from '~/data/supabase.ts';
import { loadConfig } from '#server/config.ts';
import { startServer, type RunningServer, type StartOptions } from '#server/app.ts';
import type { Database } from '#server/supabase/db/types.ts';
import { createTempDir, createTestDatabase, type BackendKind } from './databases.ts';
import { addUser, type TestRole } from './users.ts';

import { backendKinds } from './databases.ts';

export { backendKinds, type BackendKind } from './databases.ts';

/**
 * How a test's clients reach the services: over HTTP as the browser does, or through the fetch the
 * site's own server code uses, without a socket (server/in-process-request.ts).
 */
export const transports = ['http', 'in-process'] as const;
export type Transport = (typeof transports)[number];

/** Every database kind over every transport, for a file whose answers must match on both. */
export const kindsAndTransports = backendKinds.flatMap((kind) =>
  transports.map((transport) => [kind, transport] as const),
);

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'correct-horse-battery-staple';
export const MEMBER_PASSWORD = 'member-horse-battery-staple';

export interface TestBackend {
  kind: BackendKind;
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  dataDir: string;
  /** The PostgreSQL database's URL, on postgres. */
  databaseUrl?: string;
  server: RunningServer;
  /** The server's own connection (owner role): for seeding and time travel. */
  db: Database;
  /** What the server logged. */
  log: string[];
  /** The transport's fetch: HTTP's, or the server's in-process one. */
  fetch: typeof fetch;
  /** A supabase-js client as the browser makes one: anon key, no stored session. */
  client(key?: string): SupabaseClient;
  /** A client signed in as the administrator. */
  signedIn(): Promise<SupabaseClient>;
  /**
   * Creates a user (password MEMBER_PASSWORD) with this role on the team, or on none (null: a
   * user who signed up on a hosted project), and a client signed in as them.
   */
  signedInMember(email: string, role: TestRole): Promise<SupabaseClient>;
  close(): Promise<void>;
}

export async function startTestBackend(
  kind: BackendKind,
  env: Record<string, string> = {},
  /** site: also serve the built site (npm run build first), for its server-side endpoints. */
  options: Pick<StartOptions, 'leadJobTimings' | 'site'> & { transport?: Transport } = {},
): Promise<TestBackend> {
  const { dir: dataDir, cleanup } = await createTempDir();
  const database = kind === 'postgres' ? await createTestDatabase() : undefined;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    // The daily digest would add a mail to every outbox after 08:00; its own test turns it on.
    LEADS_DIGEST: 'off',
    ...(database ? { DATABASE_URL: database.url } : { EMBEDDED_DATABASE: 'pglite' }),
    ...env,
  });
  const log: string[] = [];
  const { transport = 'http', ...startOptions } = options;
  const server = await startServer(config, {
    site: false,
    ...startOptions,
    log: (line) => log.push(line),
  });
  const backend = server.backend!;
  const transportFetch: typeof fetch = transport === 'http' ? fetch : server.fetch!;
  const client = (key = backend.anonKey) =>
    createClient(server.url, key, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { fetch: transportFetch },
    });
  return {
    kind,
    url: server.url,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    dataDir,
    databaseUrl: database?.url,
    server,
    db: backend.db,
    log,
    fetch: transportFetch,
    client,
    async signedIn() {
      const c = client();
      const { error } = await c.auth.signInWithPassword({
        email: ADMIN_EMAIL,
        password: ADMIN_PASSWORD,
      });
      if (error) throw error;
      return c;
    },
    async signedInMember(email, role) {
      await addUser(backend.db, email, MEMBER_PASSWORD, role);
      const c = client();
      const { error } = await c.auth.signInWithPassword({ email, password: MEMBER_PASSWORD });
      if (error) throw error;
      return c;
    },
    async close() {
      await server.close();
      await database?.drop();
      await cleanup();
    },
  };
}

/**
 * A backend of `kind` with a visitor's client, the administrator's, and a post by slug as the
 * administrator sees it (drafts included).
 */
export async function postsBackend(kind: BackendKind): Promise<{
  backend: TestBackend;
  anon: AppSupabaseClient;
  admin: AppSupabaseClient;
  bySlug: (slug: string) => Promise<BlogPost>;
}> {
  const backend = await startTestBackend(kind);
  const admin = (await backend.signedIn()) as AppSupabaseClient;
  return {
    backend,
    anon: backend.client() as AppSupabaseClient,
    admin,
    bySlug: async (slug) => (await listAllPosts(admin)).find((post) => post.slug === slug)!,
  };
}
