-- Who owns what, as on hosted Supabase (supabase/postgres's migrations/db): auth belongs to
-- supabase_auth_admin, storage to supabase_storage_admin, and the migrations run as `migrator`,
-- this backend's `postgres`: not a superuser (CREATEDB, CREATEROLE, BYPASSRLS), owner of what the
-- migrations make, with only the rights hosted gives `postgres` in auth and storage. Run by the
-- embedded backend as the database's superuser after bootstrap.sql, at every start; idempotent,
-- and it brings objects an earlier version made as the superuser to the same owners.

-- Roles belong to the whole cluster: servers (or test files) migrating other databases of it at
-- the same moment may create them too, and the one that comes second lets the first win.
do $$
declare
  wanted record;
begin
  for wanted in
    select * from (values ('supabase_auth_admin', 'nologin noinherit'),
                          ('supabase_storage_admin', 'nologin noinherit'),
                          ('migrator', 'nologin nosuperuser inherit createdb createrole bypassrls'))
      as r (name, options)
     where not exists (select from pg_roles where rolname = r.name)
  loop
    begin
      execute format('create role %I %s', wanted.name, wanted.options);
    exception when duplicate_object or unique_violation then null;
    end;
  end loop;
  if exists (select from pg_roles where rolname = 'migrator'
                and (rolsuper or not rolinherit or not rolcreatedb or not rolcreaterole
                     or not rolbypassrls)) then
    alter role migrator nosuperuser inherit createdb createrole bypassrls;
  end if;
end
$$;

-- Owners, object by object: auth and everything in it to supabase_auth_admin, storage to
-- supabase_storage_admin; in the other schemas (not the system's or extensions), what a superuser
-- owns goes to migrator: what the migrations made when an earlier version ran them as the
-- superuser. Objects of an extension stay with the extension.
do $$
declare
  object record;
begin
  for object in
    with schemas as (
      select n.oid, n.nspname,
             case n.nspname when 'auth' then 'supabase_auth_admin'
                            when 'storage' then 'supabase_storage_admin'
                            else 'migrator' end as owner_name
        from pg_namespace n
       where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast', 'extensions')
         and n.nspname not like 'pg\_temp\_%' and n.nspname not like 'pg\_toast\_temp\_%'
    ), objects as (
      select 'schema' as kind, quote_ident(n.nspname) as name, n.nspowner as owner,
             'pg_namespace'::regclass as catalog, n.oid, s.nspname, s.owner_name
        from pg_namespace n join schemas s on s.oid = n.oid
       where n.nspname <> 'public'
      union all
      select 'table', c.oid::regclass::text, c.relowner, 'pg_class'::regclass, c.oid, s.nspname,
             s.owner_name
        from pg_class c join schemas s on s.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'v', 'm', 'f')
          -- A sequence of a serial or identity column goes with its table.
          or (c.relkind = 'S' and not exists (
                select from pg_depend d
                 where d.classid = 'pg_class'::regclass and d.objid = c.oid
                   and d.deptype in ('a', 'i')))
      union all
      select 'routine', p.oid::regprocedure::text, p.proowner, 'pg_proc'::regclass, p.oid,
             s.nspname, s.owner_name
        from pg_proc p join schemas s on s.oid = p.pronamespace
       where p.prokind in ('f', 'p')
      union all
      select 'type', t.oid::regtype::text, t.typowner, 'pg_type'::regclass, t.oid, s.nspname,
             s.owner_name
        from pg_type t join schemas s on s.oid = t.typnamespace
       where t.typtype in ('e', 'd')
    )
    select o.kind, o.name, o.owner_name from objects o
     where o.owner <> o.owner_name::regrole
       and (o.nspname in ('auth', 'storage')
            or o.owner in (select oid from pg_roles where rolsuper))
       and not exists (select from pg_depend d
                        where d.classid = o.catalog and d.objid = o.oid and d.deptype = 'e')
  loop
    execute format('alter %s %s owner to %I', object.kind, object.name, object.owner_name);
  end loop;
end
$$;

-- What hosted grants `postgres` (supabase/postgres: demote-postgres, lock_down_postgres_access,
-- revoke_admin_roles_from_postgres, grant_storage_*_to_postgres_with_grant_option): the database
-- and public and extensions schemas whole; in auth and storage, use of the schema and all rights
-- on the rows (foreign keys to auth.users, triggers, inserting buckets), never CREATE there.
do $$
begin
  execute format('grant all on database %I to migrator', current_database());
end
$$;
grant all on schema public, extensions to migrator;
grant usage on schema auth to migrator;
grant usage on schema storage to migrator with grant option;
grant all on all tables in schema auth to migrator;
grant all on all sequences in schema auth to migrator;
grant all on all routines in schema auth to migrator;
grant all on storage.buckets, storage.objects to migrator with grant option;
grant all on all routines in schema storage to migrator;
revoke create on schema auth, storage from migrator;

-- As on hosted Supabase today, a new table the migrations make in public is granted to no API
-- role (bootstrap.sql takes back the superuser's own defaults).
alter default privileges for role migrator in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges for role migrator in schema public revoke all on functions from anon, authenticated, service_role;
alter default privileges for role migrator in schema public revoke all on sequences from anon, authenticated, service_role;

-- Hosted lets `postgres` create, alter and drop policies and triggers on some of the service
-- tables it does not own (supautils' policy_grants and drop_trigger_grants, a C extension). Here
-- migrator inherits the owners' rights, without being able to SET ROLE to them, and the event
-- triggers below refuse every other DDL it attempts in auth and storage, as hosted does (42501).
do $$
begin
  if not exists (select from pg_auth_members
                  where member = 'migrator'::regrole
                    and roleid in ('supabase_auth_admin'::regrole, 'supabase_storage_admin'::regrole)
                 having count(*) = 2) then
    if current_setting('server_version_num')::int >= 160000 then
      execute 'grant supabase_auth_admin, supabase_storage_admin to migrator with inherit true, set false';
    else
      grant supabase_auth_admin, supabase_storage_admin to migrator;
    end if;
  end if;
exception when unique_violation then null;
end
$$;

-- Runs as whoever issued the DDL (the check is about them), so it reads only pg_catalog. The
-- tables whose policies hosted's `postgres` may manage are supautils.policy_grants' list, as far
-- as this backend has them; triggers it may make (it has TRIGGER on the tables) and drop.
create or replace function extensions.refuse_service_schema_ddl() returns event_trigger
language plpgsql set search_path = '' as $$
declare
  policy_tables constant text[] := array['auth.users', 'auth.identities', 'auth.sessions',
    'auth.refresh_tokens', 'storage.buckets', 'storage.objects'];
  command record;
  target text;
begin
  if (select rolsuper from pg_catalog.pg_roles where rolname = current_user)
     or current_user in ('supabase_auth_admin', 'supabase_storage_admin') then
    return;
  end if;
  if tg_event = 'sql_drop' then
    -- What the statement named comes first: `drop table storage.objects` is about the table,
    -- not the indexes that go with it.
    for command in
      select * from pg_catalog.pg_event_trigger_dropped_objects() order by original desc
    loop
      continue when command.schema_name is null or command.schema_name not in ('auth', 'storage');
      continue when command.object_type = 'trigger';
      continue when command.object_type = 'policy'
        and format('%I.%I', command.address_names[1], command.address_names[2]) = any(policy_tables);
      raise exception 'must be owner of % %',
        case command.object_type when 'policy' then 'table' else command.object_type end,
        coalesce(command.address_names[2], command.object_identity) using errcode = '42501';
    end loop;
    return;
  end if;
  for command in select * from pg_catalog.pg_event_trigger_ddl_commands() loop
    if command.object_type = 'policy' then
      select format('%I.%I', n.nspname, c.relname) into target
        from pg_catalog.pg_policy p
        join pg_catalog.pg_class c on c.oid = p.polrelid
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where p.oid = command.objid and n.nspname in ('auth', 'storage');
      if target is not null and not target = any(policy_tables) then
        raise exception 'must be owner of table %', split_part(target, '.', 2)
          using errcode = '42501';
      end if;
    elsif command.schema_name in ('auth', 'storage') then
      if command.object_type = 'index' then
        select c.relname into target
          from pg_catalog.pg_index i join pg_catalog.pg_class c on c.oid = i.indrelid
         where i.indexrelid = command.objid;
        raise exception 'must be owner of table %', target using errcode = '42501';
      elsif command.command_tag like 'CREATE %' then
        raise exception 'permission denied for schema %', command.schema_name
          using errcode = '42501';
      end if;
      raise exception 'must be owner of % %', command.object_type,
        split_part(command.object_identity, '.', 2) using errcode = '42501';
    end if;
  end loop;
end
$$;

do $$
begin
  if not exists (select from pg_event_trigger where evtname = 'refuse_service_schema_ddl') then
    create event trigger refuse_service_schema_ddl on ddl_command_end
      execute function extensions.refuse_service_schema_ddl();
  end if;
  if not exists (select from pg_event_trigger where evtname = 'refuse_service_schema_drop') then
    create event trigger refuse_service_schema_drop on sql_drop
      execute function extensions.refuse_service_schema_ddl();
  end if;
end
$$;
