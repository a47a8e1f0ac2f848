-- Retention as the privacy policy promises: a lead with no activity for three years is
-- deleted, with its mails. The server runs private.delete_stale_consultations() at start and
-- daily; where pg_cron exists (hosted Supabase) the database schedules it as well.

-- FUNCTIONS

create function private.delete_stale_consultations(
  as_of timestamptz default now()
) returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  deleted integer;
begin
  delete from public.consultations where updated_at < as_of - interval '3 years';
  get diagnostics deleted = row_count;
  -- The per-IP counters only matter for an hour.
  delete from private.consultation_rate_limits
    where recent[cardinality(recent)] < as_of - interval '1 hour';
  return deleted;
end;
$$;

revoke all on function private.delete_stale_consultations(timestamptz) from public;

-- SCHEDULE

-- Only where pg_cron is installed or can be: PGlite and a plain PostgreSQL skip this quietly.
do $$
begin
  if not exists (select from pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available: the server runs the retention job itself.';
    return;
  end if;
  begin
    create extension if not exists pg_cron;
  exception when others then
    -- Available but not loadable (not in shared_preload_libraries): the server's job suffices.
    raise notice 'pg_cron could not be enabled (%): the server runs the retention job itself.',
      sqlerrm;
    return;
  end;
  execute $sql$select cron.schedule(
    'delete-stale-consultations', '17 3 * * *',
    'select private.delete_stale_consultations()')$sql$;
end
$$;
