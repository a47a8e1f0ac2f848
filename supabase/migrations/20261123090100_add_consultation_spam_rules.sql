-- Spam defence where a hand-made request to /rest/v1 meets it too (docs/decisions/0005):
--   * the same address with the same problems within 10 minutes stores one row, and the request
--     still succeeds (a double click, a resubmitted page, a bot replaying one request);
--   * at most 5 consultations per client IP per hour, answered with PostgREST's custom status
--     SQLSTATE PT429 → HTTP 429. The IP is the first entry of X-Forwarded-For in request.headers,
--     as Supabase documents for per-IP limits; the embedded backend puts the resolved client
--     address there (see docs/decisions).

-- TABLE

-- When each address stored its leads in the last hour: one row per address, so checking and
-- counting is a single upsert whose row lock also makes two requests from one address take turns.
-- No lead data; rows idle for an hour are swept by the retention job.
create table private.consultation_rate_limits (
  client_ip text primary key,
  recent timestamptz[] not null
);

-- TRIGGERS

-- Runs before normalize_consultation (triggers fire in name order: consultations_guard sorts
-- before consultations_normalize), so the guard trims what it compares itself.
create function private.guard_consultation() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  max_per_hour constant integer := 5;
  headers text := nullif(current_setting('request.headers', true), '');
  api_role text := coalesce(
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role', '');
  address text := lower(private.trim_text(new.email));
  ip text;
  stored integer;
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

  -- The per-IP limit applies to the API's visitors and administrators (PostgREST sets
  -- request.headers); the service role, migrations and psql are not throttled.
  if headers is not null and api_role in ('anon', 'authenticated') then
    ip := coalesce(
      nullif(btrim(split_part(headers::json ->> 'x-forwarded-for', ',', 1)), ''), 'unknown');
    insert into private.consultation_rate_limits as r (client_ip, recent)
    values (ip, array[now()])
    on conflict (client_ip) do update
      set recent = array(
        select t from unnest(r.recent) t where t > now() - interval '1 hour'
      ) || now()
    returning cardinality(r.recent) into stored;
    if stored > max_per_hour then
      -- Rolls the upsert back with the lead: a refused request does not count.
      raise exception using
        errcode = 'PT429',
        message = 'Too many requests from your network. Please try again later.';
    end if;
  end if;
  return new;
end;
$$;

create trigger consultations_guard
  before insert on public.consultations
  for each row execute function private.guard_consultation();

revoke all on function private.guard_consultation() from public;
