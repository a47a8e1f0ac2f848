// The embedded database is as strict as hosted Supabase (docs/decisions/0011): migrations run as
// `migrator`, a postgres-like role that owns neither auth nor storage; auth.users and the storage
// tables have hosted's shape; rows of storage are deleted through the Storage API only; and a data
// directory of the earlier layout (everything the superuser's) is brought to the same state.
// Long because the current layout, the earlier layout and a non-superuser DATABASE_URL are three
// views of one rule (the database as strict as hosted Supabase), kept side by side to compare.
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '#server/supabase/db/migrate.ts';
import { openPglite } from '#server/supabase/db/pglite.ts';
import { openPostgres } from '#server/supabase/db/postgres.ts';
import type { Database } from '#server/supabase/db/types.ts';
import {
  backendKinds,
  createTempDir,
  createTestDatabase,
  testDatabaseUrl,
  type BackendKind,
} from '../support/databases.ts';

async function openEmpty(kind: BackendKind): Promise<{ db: Database; close: () => Promise<void> }> {
  if (kind === 'pglite') {
    const temp = await createTempDir();
    const db = await openPglite(temp.dir);
    return { db, close: async () => (await db.close(), await temp.cleanup()) };
  }
  const database = await createTestDatabase();
  const db = await openPostgres(database.url);
  return { db, close: async () => (await db.close(), await database.drop()) };
}

/** supabase/auth's migrations, applied in order, leave auth.users with these columns. */
const HOSTED_USER_COLUMNS = [
  'instance_id',
  'id',
  'aud',
  'role',
  'email',
  'encrypted_password',
  'email_confirmed_at',
  'invited_at',
  'confirmation_token',
  'confirmation_sent_at',
  'recovery_token',
  'recovery_sent_at',
  'email_change_token_new',
  'email_change',
  'email_change_sent_at',
  'last_sign_in_at',
  'raw_app_meta_data',
  'raw_user_meta_data',
  'is_super_admin',
  'created_at',
  'updated_at',
  'phone',
  'phone_confirmed_at',
  'phone_change',
  'phone_change_token',
  'phone_change_sent_at',
  'confirmed_at',
  'email_change_token_current',
  'email_change_confirm_status',
  'banned_until',
  'reauthentication_token',
  'reauthentication_sent_at',
  'is_sso_user',
  'deleted_at',
  'is_anonymous',
];

/** The only auth.users columns with a default other than null on hosted Supabase. */
const HOSTED_USER_DEFAULTS = [
  'email_change_confirm_status',
  'email_change_token_current',
  'is_anonymous',
  'is_sso_user',
  'phone_change',
  'phone_change_token',
  'reauthentication_token',
];

/** supabase/storage's tenant migrations (through 0063) leave these columns. */
const HOSTED_BUCKET_COLUMNS = [
  'id',
  'name',
  'owner',
  'created_at',
  'updated_at',
  'public',
  'avif_autodetection',
  'file_size_limit',
  'allowed_mime_types',
  'owner_id',
  'type',
  'versioning_status',
];
const HOSTED_OBJECT_COLUMNS = [
  'id',
  'bucket_id',
  'name',
  'owner',
  'created_at',
  'updated_at',
  'last_accessed_at',
  'metadata',
  'path_tokens',
  'version',
  'owner_id',
  'user_metadata',
  'archived_at',
  'is_delete_marker',
  'is_versioned',
];

const ROLLED_BACK = new Error('rolled back');

/** Runs sql as the migrations run (in a transaction, as migrator), then takes it back. */
async function asMigration(db: Database, sql: string): Promise<string> {
  try {
    await db.transaction(async (tx) => {
      await tx.exec('set local role migrator');
      await tx.exec(sql);
      throw ROLLED_BACK;
    });
  } catch (error) {
    if (error === ROLLED_BACK) return 'allowed';
    const { code, message } = error as { code?: string; message: string };
    return `${code} ${message}`;
  }
  return 'committed';
}

async function columnsOf(db: Database, schema: string, table: string): Promise<string[]> {
  const { rows } = await db.query<{ column_name: string }>(
    `select column_name from information_schema.columns
      where table_schema = $1 and table_name = $2 order by ordinal_position`,
    [schema, table],
  );
  return rows.map((row) => row.column_name);
}

/** The auth.users columns with a default other than null. */
async function userColumnsWithDefaults(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ column_name: string }>(
    `select column_name from information_schema.columns
      where table_schema = 'auth' and table_name = 'users'
        and column_default is not null and column_default not like 'NULL::%'
      order by column_name`,
  );
  return rows.map((row) => row.column_name);
}

/** Every owner of a schema, table, sequence, view, function or type in the given schemas. */
async function ownersIn(db: Database, schemas: string[]): Promise<string[]> {
  const { rows } = await db.query<{ owner: string }>(
    `select distinct pg_get_userbyid(owner) as owner from (
       select nspowner as owner from pg_namespace where nspname = any($1)
       union all
       select c.relowner from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
       union all
       select p.proowner from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = any($1)
       union all
       select t.typowner from pg_type t join pg_namespace n on n.oid = t.typnamespace
        where n.nspname = any($1) and t.typtype in ('e', 'd')
     ) o order by 1`,
    [schemas],
  );
  return rows.map((row) => row.owner);
}

/** What the earlier layout's checks expect of any database this backend migrated. */
function expectHostedLayout(db: () => Database) {
  it('leaves auth to supabase_auth_admin and storage to supabase_storage_admin alone', async () => {
    expect(await ownersIn(db(), ['auth'])).toEqual(['supabase_auth_admin']);
    expect(await ownersIn(db(), ['storage'])).toEqual(['supabase_storage_admin']);
  });

  it("gives migrator everything the migrations made, and the CLI's history table", async () => {
    expect(await ownersIn(db(), ['private', 'authz', 'supabase_migrations'])).toEqual(['migrator']);
    const { rows } = await db().query<{ owner: string }>(
      `select distinct pg_get_userbyid(c.relowner) as owner from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'S', 'v')`,
    );
    expect(rows).toEqual([{ owner: 'migrator' }]);
  });

  it('refuses a plain SQL delete from storage.objects or storage.buckets', async () => {
    for (const table of ['storage.objects', 'storage.buckets']) {
      await expect(db().query(`delete from ${table}`)).rejects.toMatchObject({
        code: '42501',
        message: 'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
      });
    }
  });
}

describe.each(backendKinds)('database roles on %s', (kind) => {
  let db: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await openEmpty(kind));
    await migrate(db);
  });
  afterAll(async () => close?.());

  it('runs the migrations as migrator, a role like hosted postgres: no superuser', async () => {
    const { rows } = await db.query(
      `select rolsuper, rolcreatedb, rolcreaterole, rolbypassrls, rolinherit
         from pg_roles where rolname = 'migrator'`,
    );
    expect(rows).toEqual([
      { rolsuper: 'f', rolcreatedb: 't', rolcreaterole: 't', rolbypassrls: 't', rolinherit: 't' },
    ]);
  });

  expectHostedLayout(() => db);

  it.each([
    [
      'a foreign key to auth.users',
      'create table public.profiles (id uuid primary key references auth.users (id) on delete cascade)',
    ],
    ['reading auth.users and calling auth.uid()', 'select count(*), auth.uid() from auth.users'],
    [
      'a trigger on auth.users',
      `create function public.on_sign_up() returns trigger language plpgsql set search_path = ''
         as $$ begin return new; end $$;
       create trigger on_sign_up after insert on auth.users
         for each row execute function public.on_sign_up();
       drop trigger on_sign_up on auth.users`,
    ],
    ['a bucket', `insert into storage.buckets (id, name) values ('avatars', 'avatars')`],
    [
      'policies on storage.objects',
      `create policy "Anyone signed in reads avatars." on storage.objects for select
         to authenticated using (bucket_id = 'avatars');
       alter policy "Anyone signed in reads avatars." on storage.objects
         using (bucket_id = 'avatars' and owner_id = (select auth.uid())::text);
       drop policy "Anyone signed in reads avatars." on storage.objects`,
    ],
  ])('lets a migration make %s, as hosted lets postgres', async (_, sql) => {
    expect(await asMigration(db, sql)).toBe('allowed');
  });

  it.each([
    ['alter table auth.users add column nickname text', 'must be owner of table users'],
    ['drop table storage.objects', 'must be owner of table objects'],
    ['alter table storage.objects disable row level security', 'must be owner of table objects'],
    ['create table storage.mine (id int)', 'permission denied for schema storage'],
    ['create index on auth.users (phone_change)', 'must be owner of table users'],
    [
      'create policy "Own factors." on auth.mfa_factors using (user_id = auth.uid())',
      'must be owner of table mfa_factors',
    ],
    ['drop function storage.foldername(text)', 'must be owner of function foldername'],
    ['delete from storage.objects', 'Direct deletion from storage tables is not allowed.'],
  ])('refuses `%s` in a migration, as hosted does', async (sql, message) => {
    const outcome = await asMigration(db, sql);
    expect(outcome).toMatch(/^42501 /);
    expect(outcome).toContain(message);
  });

  it('stops migrate at a migration that alters auth.users, as supabase db push stops', async () => {
    const temp = await createTempDir();
    try {
      const file = '20990101000000_add_nickname_to_users.sql';
      await writeFile(
        path.join(temp.dir, file),
        'alter table auth.users add column nickname text;',
      );
      await expect(migrate(db, { directory: temp.dir })).rejects.toThrow(
        `Migration ${file} failed: must be owner of table users`,
      );
      expect(await columnsOf(db, 'auth', 'users')).not.toContain('nickname');
      const { rows } = await db.query(
        `select version from supabase_migrations.schema_migrations where version = '20990101000000'`,
      );
      expect(rows).toEqual([]);
    } finally {
      await temp.cleanup();
    }
  });

  it("gives auth.users hosted's columns, in hosted's order, and only hosted's defaults", async () => {
    expect(await columnsOf(db, 'auth', 'users')).toEqual(HOSTED_USER_COLUMNS);
    expect(await userColumnsWithDefaults(db)).toEqual(HOSTED_USER_DEFAULTS);
    const required = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = 'auth' and table_name = 'users' and is_nullable = 'NO'
        order by column_name`,
    );
    expect(required.rows.map((row) => row.column_name)).toEqual([
      'id',
      'is_anonymous',
      'is_sso_user',
    ]);
  });

  it("gives storage.buckets and storage.objects hosted's columns", async () => {
    expect(await columnsOf(db, 'storage', 'buckets')).toEqual(HOSTED_BUCKET_COLUMNS);
    expect(await columnsOf(db, 'storage', 'objects')).toEqual(HOSTED_OBJECT_COLUMNS);
  });

  it('lets the Storage API delete, which says so in its own transaction', async () => {
    const deleted = await db.transaction(async (tx) => {
      await tx.query(`insert into storage.buckets (id, name) values ('scratch', 'scratch')`);
      await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
      return (await tx.query(`delete from storage.buckets where id = 'scratch'`)).rowCount;
    });
    expect(deleted).toBe(1);
    // The setting lasted only for that transaction.
    await expect(db.query(`delete from storage.buckets where id = 'none'`)).rejects.toMatchObject({
      code: '42501',
    });
  });
});

describe.each(backendKinds)('a database of the earlier layout on %s', (kind) => {
  let db: Database;
  let close: () => Promise<void>;
  let userId: string;
  beforeAll(async () => {
    ({ db, close } = await openEmpty(kind));
    await migrate(db);
    // Back to what an earlier version left: every object the superuser's, no guards, auth.users
    // with the server's own defaults and a plain unique e-mail, storage without the newer columns.
    await db.exec(`
      drop event trigger refuse_service_schema_ddl;
      drop event trigger refuse_service_schema_drop;
      reassign owned by migrator, supabase_auth_admin, supabase_storage_admin to current_user;
      drop trigger protect_objects_delete on storage.objects;
      drop trigger protect_buckets_delete on storage.buckets;
      alter table storage.buckets drop column avif_autodetection, drop column versioning_status,
        drop column type;
      drop type storage.buckettype;
      alter table storage.objects drop column archived_at, drop column is_delete_marker,
        drop column is_versioned;
      drop index auth.users_email_partial_key;
      alter table auth.users drop column phone_change, drop column phone_change_token,
        drop column phone_change_sent_at, drop column confirmed_at,
        drop column email_change_token_current, drop column email_change_confirm_status,
        drop column reauthentication_token, drop column reauthentication_sent_at,
        alter column id set default gen_random_uuid(),
        alter column aud set default 'authenticated', alter column aud set not null,
        alter column raw_app_meta_data set default '{"provider":"email","providers":["email"]}',
        alter column raw_app_meta_data set not null,
        alter column created_at set default now(), alter column created_at set not null,
        add constraint users_email_key unique (email);
    `);
    const { rows } = await db.query<{ id: string }>(
      `insert into auth.users (email, email_confirmed_at) values ('early@example.com', now())
       returning id`,
    );
    userId = rows[0]!.id;
    await db.exec(`
      insert into public.team_members (user_id, role)
        select id, 'editor' from auth.users where email = 'early@example.com';
      insert into storage.objects (bucket_id, name, owner_id, metadata)
        values ('blog-images', 'early/photo.webp', '${userId}', '{"size": 3}');
    `);
    expect(await ownersIn(db, ['auth', 'storage', 'private'])).not.toContain('migrator');
    expect(await migrate(db)).toEqual({ applied: [], fresh: false });
  });
  afterAll(async () => close?.());

  expectHostedLayout(() => db);

  it('keeps every row, and the users keep what the old defaults gave them', async () => {
    const { rows } = await db.query(
      `select u.aud, u.raw_app_meta_data ->> 'provider' as provider, u.confirmed_at is not null
              as confirmed, m.role, o.name
         from auth.users u
         join public.team_members m on m.user_id = u.id
         join storage.objects o on o.owner_id = u.id::text
        where u.id = $1`,
      [userId],
    );
    expect(rows).toEqual([
      {
        aud: 'authenticated',
        provider: 'email',
        confirmed: 't',
        role: 'editor',
        name: 'early/photo.webp',
      },
    ]);
  });

  it("brings auth.users and the storage tables to hosted's columns and defaults", async () => {
    expect([...(await columnsOf(db, 'auth', 'users'))].sort()).toEqual(
      [...HOSTED_USER_COLUMNS].sort(),
    );
    expect([...(await columnsOf(db, 'storage', 'buckets'))].sort()).toEqual(
      [...HOSTED_BUCKET_COLUMNS].sort(),
    );
    expect(await columnsOf(db, 'storage', 'objects')).toEqual(HOSTED_OBJECT_COLUMNS);
    expect(await userColumnsWithDefaults(db)).toEqual(HOSTED_USER_DEFAULTS);
  });

  it('holds migrations to the same limits again', async () => {
    const outcome = await asMigration(db, 'drop table storage.objects');
    expect(outcome).toBe('42501 must be owner of table objects');
  });
});

describe('a DATABASE_URL whose user is no superuser', () => {
  const name = `plain_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  const admin = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  beforeAll(async () => {
    // A database made for this login by someone else, with the API roles given to it, as a
    // managed PostgreSQL's administrator would.
    const { db, close } = await openEmpty('postgres');
    await migrate(db);
    await close();
    await admin(async (client) => {
      await client.query(`create role ${name} login password '${password}'`);
      await client.query(`grant anon, authenticated, service_role to ${name}`);
      await client.query(`create database ${name} owner ${name}`);
    });
  });
  afterAll(async () =>
    admin(async (client) => {
      await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`drop role if exists ${name}`);
    }),
  );

  it('migrates as that user, as before, and says so in the log', async () => {
    const url = new URL(testDatabaseUrl());
    url.username = name;
    url.password = password;
    url.pathname = `/${name}`;
    const db = await openPostgres(url.toString());
    try {
      const lines: string[] = [];
      const result = await migrate(db, { log: (line) => lines.push(line) });
      expect(result.applied.length).toBeGreaterThan(0);
      expect(lines).toEqual([
        expect.stringContaining(`The database user ${name} is not a superuser`),
      ]);
      expect(await ownersIn(db, ['auth', 'storage', 'private'])).toEqual([name]);
    } finally {
      await db.close();
    }
  });
});
