// The data API's per-request transaction: the caller's role and claims, read-only reads, the
// statement timeouts, and a schema reload picking up tables created after start.
import { afterAll, beforeAll, expect, it, describe } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { signJwt } from '#server/supabase/jwt.ts';
import type { Database } from '#server/supabase/db/types.ts';
import { backendKinds, startTestBackend, type TestBackend } from '#tests/support/backend.ts';
import { clientOptions } from './setup.ts';

describe.each(backendKinds)('the per-request transaction on %s', (kind) => {
  let backend: TestBackend;
  let db: Database;
  let reloadSchema: () => Promise<void>;
  let url: string;
  const userId = '00000000-0000-4000-8000-000000000001';

  beforeAll(async () => {
    backend = await startTestBackend(kind);
    db = backend.server.backend!.db;
    reloadSchema = backend.server.backend!.reloadSchema;
    url = backend.url;
  });

  afterAll(async () => backend?.close());

  /** The anon key, as every client sends, and `token` (a key or a user's JWT) as the bearer. */
  const client = (token: string) =>
    createClient(url, backend.anonKey, {
      ...clientOptions,
      global: { headers: { Authorization: `Bearer ${token}` } },
    });

  it('sees tables created after start only once the schema is reloaded', async () => {
    await db.exec(`
      create view public.request_probe as
        select current_user::text as role,
               auth.uid() as uid,
               auth.role() as claim_role,
               current_setting('statement_timeout') as statement_timeout,
               current_setting('transaction_read_only') as read_only,
               current_setting('request.method', true) as method,
               current_setting('request.path', true) as path,
               current_setting('search_path') as search_path;
      grant select on public.request_probe to anon, authenticated, service_role;`);
    const before = await client(backend.anonKey).from('request_probe').select('*');
    expect(before.status).toBe(404);
    expect(before.error?.code).toBe('PGRST205');
    await reloadSchema();
    const after = await client(backend.anonKey).from('request_probe').select('*');
    expect(after.error).toBeNull();
    expect(after.status).toBe(200);
  });

  it('runs a read as anon, read-only, with the 3 s timeout and the request settings', async () => {
    const { data, error } = await client(backend.anonKey)
      .from('request_probe')
      .select('*')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      role: 'anon',
      uid: null,
      claim_role: 'anon',
      statement_timeout: '3s',
      read_only: 'on',
      method: 'GET',
      path: '/request_probe',
      search_path: 'public, extensions',
    });
  });

  it("runs as the token's role with its claims and the 8 s timeout", async () => {
    const token = await signJwt(
      {
        role: 'authenticated',
        sub: userId,
        aud: 'authenticated',
        exp: Math.floor(Date.now() / 1000) + 600,
      },
      backend.server.backend!.jwtSecret,
    );
    const { data, error } = await client(token)
      .from('request_probe')
      .select('role, uid, claim_role, statement_timeout')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      role: 'authenticated',
      uid: userId,
      claim_role: 'authenticated',
      statement_timeout: '8s',
    });
  });

  it('lets writes run in a read-write transaction', async () => {
    await db.exec(`
      create table public.request_log (id serial primary key, method text default current_setting('request.method', true), read_only text default current_setting('transaction_read_only'));
      grant insert, select on public.request_log to service_role;
      grant usage on sequence public.request_log_id_seq to service_role;`);
    await reloadSchema();
    const { data, error } = await client(backend.serviceRoleKey)
      .from('request_log')
      .insert({})
      .select('method, read_only')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ method: 'POST', read_only: 'off' });
  });

  if (kind === 'postgres') {
    // PGlite runs on one thread without timers, so it cannot cancel a statement (see the report).
    it('cancels a statement that runs past the anon timeout with 500 57014', async () => {
      await db.exec(`
        create view public.slow_probe as select true as slept from pg_sleep(5);
        grant select on public.slow_probe to anon;`);
      await reloadSchema();
      const { error, status } = await client(backend.anonKey).from('slow_probe').select('*');
      expect(status).toBe(500);
      expect(error).toMatchObject({
        code: '57014',
        message: 'canceling statement due to statement timeout',
      });
    });
  }
});
