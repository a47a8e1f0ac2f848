-- One per-address limit for every table the public may write (no outsider can fill the
-- database). Leads kept theirs (5 an hour, 20261123090100_add_consultation_spam_rules); cookie
-- choices had none, so one client could record choices without end. Both now count in one table
-- through one function:
--   consultations    5 an hour
--   cookie_consents  100 an hour (a choice per visitor, many visitors behind one office's address)
-- Past the limit the insert fails with PostgREST's custom status PT429 → HTTP 429. The address is
-- the first entry of X-Forwarded-For in request.headers (the embedded backend puts the resolved
-- client address there; the site's server forwards its visitor's). Only the API's visitors and
-- members are counted; the service role, migrations and psql are not.

-- TABLE

-- When each address wrote to each table in the last hour, kept apart from what it wrote. One row
-- per table and address, so checking and counting is a single upsert whose row lock also makes
-- two requests from one address take turns. Rows idle for an hour are swept by the retention job.
create table private.address_rate_limits (
  scope text not null,
  client_ip text not null,
  recent timestamptz[] not null,
  primary key (scope, client_ip)
);

insert into private.address_rate_limits (scope, client_ip, recent)
select 'consultations', client_ip, recent from private.consultation_rate_limits;

-- FUNCTIONS

-- Counts this request against the caller's address for `limited_scope`; past `max_per_hour`,
-- raises PT429 (which rolls the count back with the insert: a refused request does not count).
create function private.count_write_from_address(limited_scope text, max_per_hour integer)
  returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  headers text := nullif(current_setting('request.headers', true), '');
  api_role text := coalesce(
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role', '');
  ip text;
  stored integer;
begin
  if headers is null or api_role not in ('anon', 'authenticated') then
    return;
  end if;
  ip := coalesce(
    nullif(btrim(split_part(headers::json ->> 'x-forwarded-for', ',', 1)), ''), 'unknown');
  insert into private.address_rate_limits as r (scope, client_ip, recent)
  values (limited_scope, ip, array[now()])
  on conflict (scope, client_ip) do update
    set recent = array(
      select t from unnest(r.recent) t where t > now() - interval '1 hour'
    ) || now()
  returning cardinality(r.recent) into stored;
  if stored > max_per_hour then
    raise exception using
      errcode = 'PT429',
      message = 'Too many requests from your network. Please try again later.';
  end if;
end;
$$;

revoke all on function private.count_write_from_address(text, integer) from public;

-- The lead guard of 20261123090100, its per-IP block now the shared count.
create or replace function private.guard_consultation() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  address text := lower(private.trim_text(new.email));
begin
  -- One row per address and problem text in ten minutes. The advisory lock makes two identical
  -- requests arriving together wait for each other instead of both passing the check.
  perform pg_advisory_xact_lock(hashtextextended('consultation-email:' || address, 0));
  if exists (
    select 1 from public.consultations c
    where lower(c.email) = address
      and c.problems = private.trim_text(new.problems)
      and c.received_at > now() - interval '10 minutes'
  ) then
    return null; -- nothing stored, no error: the visitor sees the same success
  end if;
  perform private.count_write_from_address('consultations', 5);
  return new;
end;
$$;

create function private.guard_cookie_consent() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  perform private.count_write_from_address('cookie_consents', 100);
  return new;
end;
$$;

revoke all on function private.guard_cookie_consent() from public;

create trigger cookie_consents_guard
  before insert on public.cookie_consents
  for each row execute function private.guard_cookie_consent();

-- The retention job of 20261125175000, sweeping the shared counters instead of the leads' own.
create or replace function private.delete_stale_consultations(
  as_of timestamptz default now()
) returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  deleted integer;
begin
  delete from public.consultation_mails m
    using public.consultations c
    where m.consultation_id = c.id and c.updated_at < as_of - interval '3 years';
  delete from public.consultations where updated_at < as_of - interval '3 years';
  get diagnostics deleted = row_count;
  -- The per-address counters only matter for an hour.
  delete from private.address_rate_limits
    where recent[cardinality(recent)] < as_of - interval '1 hour';
  return deleted;
end;
$$;

drop table private.consultation_rate_limits;
