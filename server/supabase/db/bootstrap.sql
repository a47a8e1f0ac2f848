-- What a hosted Supabase project provides before any migration runs: the API roles, the auth
-- schema with its helper functions, and the migration history table. Idempotent; applied by the
-- embedded backend at every start (never by `supabase db push`, which targets a real project).

-- Roles belong to the whole cluster: servers (or test files) bootstrapping other databases of it
-- at the same moment may create them too, and the one that comes second lets the first win.
do $$
declare
  wanted record;
begin
  for wanted in
    select * from (values ('anon', 'nologin'),
                          ('authenticated', 'nologin'),
                          ('service_role', 'nologin noinherit bypassrls'))
      as r (name, options)
     where not exists (select from pg_roles where rolname = r.name)
  loop
    begin
      execute format('create role %I %s', wanted.name, wanted.options);
    exception when duplicate_object or unique_violation then null;
    end;
  end loop;
  -- As on hosted Supabase today, the API roles inherit (a database made before kept NOINHERIT).
  -- Only when they do not yet: a login that is no superuser may not alter them.
  if exists (select from pg_roles where rolname in ('anon', 'authenticated') and not rolinherit) then
    alter role anon inherit;
    alter role authenticated inherit;
  end if;
  -- The server's own login switches into the API roles per request, as PostgREST's
  -- authenticator does.
  if exists (select from pg_roles r
              where r.rolname in ('anon', 'authenticated', 'service_role')
                and not exists (select from pg_auth_members m
                                 where m.roleid = r.oid and m.member = current_user::regrole)) then
    begin
      execute format('grant anon, authenticated, service_role to %I', current_user);
    exception when unique_violation then null;
    end;
  end if;
end
$$;

create schema if not exists extensions;
create schema if not exists auth;
create schema if not exists supabase_migrations;

create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);

grant usage on schema public, extensions, auth to anon, authenticated, service_role;

-- As on hosted Supabase today, a new table in public is granted to no API role: each migration
-- grants what it means to (a database made before had default grants; they are taken back).
alter default privileges in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges in schema public revoke all on functions from anon, authenticated, service_role;
alter default privileges in schema public revoke all on sequences from anon, authenticated, service_role;

-- The extensions hosted Supabase keeps in `extensions`, where this PostgreSQL has them (PGlite
-- loads none it was not started with).
do $$
begin
  if exists (select from pg_available_extensions where name = 'pgcrypto') then
    create extension if not exists pgcrypto with schema extensions;
  end if;
  if exists (select from pg_available_extensions where name = 'uuid-ossp') then
    create extension if not exists "uuid-ossp" with schema extensions;
  end if;
end
$$;

-- auth.users as supabase/auth's migrations leave it today: its 35 columns in their order, no
-- defaults GoTrue does not set (it writes id, aud, role, metadata and times itself), and e-mail
-- unique only among non-SSO users.
create table if not exists auth.users (
  instance_id uuid,
  id uuid not null constraint users_pkey primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz default null,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz default null,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0
    check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz default null,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
-- A table made by an earlier version: hosted's missing columns added, our own defaults and
-- NOT NULLs taken back, the plain unique e-mail replaced by hosted's partial index.
alter table auth.users
  add column if not exists phone_change text default '',
  add column if not exists phone_change_token varchar(255) default '',
  add column if not exists phone_change_sent_at timestamptz default null,
  add column if not exists confirmed_at timestamptz
    generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  add column if not exists email_change_token_current varchar(255) default '',
  add column if not exists email_change_confirm_status smallint default 0
    check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  add column if not exists reauthentication_token varchar(255) default '',
  add column if not exists reauthentication_sent_at timestamptz default null,
  alter column id drop default,
  alter column aud drop default,
  alter column aud drop not null,
  alter column role drop default,
  alter column role drop not null,
  alter column raw_app_meta_data drop default,
  alter column raw_app_meta_data drop not null,
  alter column raw_user_meta_data drop default,
  alter column raw_user_meta_data drop not null,
  alter column created_at drop default,
  alter column created_at drop not null,
  alter column updated_at drop default,
  alter column updated_at drop not null,
  drop constraint if exists users_email_key;
comment on table auth.users is 'Auth: Stores user login data within a secure schema.';
comment on column auth.users.is_sso_user is 'Auth: Set this column to true when the account comes from SSO. These accounts can have duplicate emails.';
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
comment on index auth.users_email_partial_key is 'Auth: A partial unique index that applies only when is_sso_user is false';
create index if not exists users_instance_id_idx on auth.users (instance_id);
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email));
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);
create unique index if not exists confirmation_token_idx on auth.users (confirmation_token)
  where confirmation_token !~ '^[0-9 ]*$';
create unique index if not exists recovery_token_idx on auth.users (recovery_token)
  where recovery_token !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_current_idx
  on auth.users (email_change_token_current) where email_change_token_current !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_new_idx on auth.users (email_change_token_new)
  where email_change_token_new !~ '^[0-9 ]*$';
create unique index if not exists reauthentication_token_idx on auth.users (reauthentication_token)
  where reauthentication_token !~ '^[0-9 ]*$';

create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (provider_id, provider)
);

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  aal text not null default 'aal1',
  amr jsonb not null default '[]',
  not_after timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  refreshed_at timestamptz,
  user_agent text,
  ip text
);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent varchar(255),
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);

-- The helpers policies call (supabase/auth migrations): the claims PostgREST puts in
-- request.jwt.claims for each request.
create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt()
  to anon, authenticated, service_role;

-- The embedded auth service's own state (server/supabase/auth). E-mailed sign-in and recovery links: only
-- a SHA-256 of each token is kept, single-use, one hour; using one voids the user's others.
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null,
  relates_to text not null,
  created_at timestamptz not null default now()
);
-- Several live links per user and kind: a new one no longer replaces the last.
alter table auth.one_time_tokens drop constraint if exists one_time_tokens_user_id_token_type_key;
create index if not exists one_time_tokens_user_id_token_type_idx
  on auth.one_time_tokens (user_id, token_type);
create index if not exists one_time_tokens_token_hash_idx on auth.one_time_tokens (token_hash);

-- Throttling counters (fixed windows), kept in the database so that several servers sharing one
-- PostgreSQL count together. Rows past reset_at are dead and swept from time to time.
create table if not exists auth.rate_limits (
  key text primary key,
  hits integer not null,
  reset_at timestamptz not null
);
create index if not exists rate_limits_reset_at_idx on auth.rate_limits (reset_at);

-- As on hosted Supabase, row-level security is on for GoTrue's tables and no policy opens them:
-- only their owner, the server (superuser) and roles with BYPASSRLS read them.
alter table auth.users enable row level security;
alter table auth.identities enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;
alter table auth.one_time_tokens enable row level security;

-- Two-factor sign-in (server/supabase/auth/mfa): supabase/auth's MFA tables in hosted Supabase's shape, so
-- a policy or function that reads them runs unchanged on both. TOTP secrets are kept as GoTrue
-- keeps them without database encryption configured; a session's amr claims (how and when it was
-- authenticated) are rows of mfa_amr_claims, and sessions.aal says aal1 or aal2.
do $$
begin
  if to_regtype('auth.factor_type') is null then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if to_regtype('auth.factor_status') is null then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
  if to_regtype('auth.aal_level') is null then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
end
$$;

create table if not exists auth.mfa_factors (
  id uuid not null constraint mfa_factors_pkey primary key,
  user_id uuid not null constraint mfa_factors_user_id_fkey references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text default null,
  last_challenged_at timestamptz unique default null,
  web_authn_credential jsonb,
  web_authn_aaguid uuid,
  last_webauthn_challenge_data jsonb
);
comment on table auth.mfa_factors is 'auth: stores metadata about factors';
create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create unique index if not exists unique_phone_factor_per_user on auth.mfa_factors (user_id, phone);

-- otp_code holds phone codes on hosted Supabase; for a TOTP challenge the embedded server keeps
-- there the time step of the code it accepted, so that code is never accepted again.
create table if not exists auth.mfa_challenges (
  id uuid not null constraint mfa_challenges_pkey primary key,
  factor_id uuid not null
    constraint mfa_challenges_auth_factor_id_fkey references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);
comment on table auth.mfa_challenges is 'auth: stores metadata about challenge requests made';
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

create table if not exists auth.mfa_amr_claims (
  session_id uuid not null
    constraint mfa_amr_claims_session_id_fkey references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null constraint amr_id_pk primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey
    unique (session_id, authentication_method)
);
comment on table auth.mfa_amr_claims is 'auth: stores authenticator method reference claims for multi factor authentication';

alter table auth.sessions add column if not exists factor_id uuid;
create index if not exists user_id_created_at_idx on auth.sessions (user_id, created_at);
alter table auth.mfa_factors enable row level security;
alter table auth.mfa_challenges enable row level security;
alter table auth.mfa_amr_claims enable row level security;

-- Sessions opened before the claims moved to mfa_amr_claims keep their sign-in method.
do $$
begin
  if exists (select from information_schema.columns
              where table_schema = 'auth' and table_name = 'sessions' and column_name = 'amr') then
    insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
    select gen_random_uuid(), s.id, to_timestamp((e ->> 'timestamp')::float8),
      to_timestamp((e ->> 'timestamp')::float8), e ->> 'method'
      from auth.sessions s, jsonb_array_elements(s.amr) e
     where jsonb_typeof(s.amr) = 'array'
    on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey do nothing;
  end if;
end
$$;

-- Storage (supabase/storage's tenant migrations, reduced to what /storage/v1 serves here): buckets
-- and objects with the columns, names and grants a hosted project has, so a migration that inserts
-- a bucket or writes policies on storage.objects runs unchanged on both. The files themselves live
-- in DATA_DIR/storage (server/supabase/storage).
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

do $$
begin
  if to_regtype('storage.buckettype') is null then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end
$$;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD',
  versioning_status text not null default 'DISABLED'
);
-- Columns Storage added after an earlier version made the table.
alter table storage.buckets
  add column if not exists avif_autodetection boolean default false,
  add column if not exists type storage.buckettype not null default 'STANDARD',
  add column if not exists versioning_status text not null default 'DISABLED';
do $$
begin
  if not exists (select from pg_constraint
                  where conrelid = 'storage.buckets'::regclass
                    and conname = 'buckets_versioning_status_check') then
    alter table storage.buckets add constraint buckets_versioning_status_check
      check (versioning_status in ('DISABLED', 'ENABLED', 'SUSPENDED'));
    alter table storage.buckets add constraint buckets_versioning_standard_only_check
      check (type = 'STANDARD' or versioning_status = 'DISABLED');
    -- Versioning is not yet offered on hosted Supabase either.
    alter table storage.buckets add constraint buckets_versioning_dark_check
      check (versioning_status = 'DISABLED');
  end if;
end
$$;
create unique index if not exists bname on storage.buckets (name);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text constraint "objects_bucketId_fkey" references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb,
  archived_at timestamptz,
  is_delete_marker boolean not null default false,
  is_versioned boolean not null default false
);
alter table storage.objects
  add column if not exists archived_at timestamptz,
  add column if not exists is_delete_marker boolean not null default false,
  add column if not exists is_versioned boolean not null default false;
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);
create index if not exists idx_objects_bucket_id_name on storage.objects (bucket_id, (name collate "C"));
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- As on hosted Supabase: every API role may use both tables, row-level security decides (no
-- policy, no rows); service_role bypasses it.
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql as $$
begin
  new.updated_at = now();
  return new;
end
$$;

do $$
begin
  if not exists (
    select from pg_trigger
     where tgrelid = 'storage.objects'::regclass and tgname = 'update_objects_updated_at'
  ) then
    create trigger update_objects_updated_at before update on storage.objects
      for each row execute function storage.update_updated_at_column();
  end if;
end
$$;

-- As on hosted Supabase (Storage's migration 0055): rows of buckets and objects are deleted
-- through the Storage API only, which sets storage.allow_delete_query for its own transaction; a
-- plain SQL delete would leave the files behind.
create or replace function storage.protect_delete() returns trigger
language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.',
            errcode = '42501';
  end if;
  return null;
end;
$$;

create or replace function storage.enforce_bucket_name_length() returns trigger
language plpgsql as $$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end;
$$;

do $$
begin
  if not exists (select from pg_trigger
                  where tgrelid = 'storage.buckets'::regclass and tgname = 'protect_buckets_delete') then
    create trigger protect_buckets_delete before delete on storage.buckets
      for each statement execute function storage.protect_delete();
  end if;
  if not exists (select from pg_trigger
                  where tgrelid = 'storage.objects'::regclass and tgname = 'protect_objects_delete') then
    create trigger protect_objects_delete before delete on storage.objects
      for each statement execute function storage.protect_delete();
  end if;
  if not exists (select from pg_trigger
                  where tgrelid = 'storage.buckets'::regclass
                    and tgname = 'enforce_bucket_name_length_trigger') then
    create trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets
      for each row execute function storage.enforce_bucket_name_length();
  end if;
end
$$;

-- The path helpers policies use, e.g. (storage.foldername(name))[1] = auth.uid()::text.
create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;
