-- The daily digest: one mail a day at 08:00 in the agency's time zone to the agency's
-- recipients, with the leads received since the previous digest and those still new 24 hours
-- after they came. A row per day is both the mail's outbox entry (drained like the lead mails)
-- and the guarantee that the day has one digest: servers sharing the database all try to queue
-- it, and the unique day lets exactly one of them.

-- TABLE

create table public.lead_digests (
  id uuid primary key default gen_random_uuid(),
  -- The agency's calendar day the digest is for.
  day date not null constraint lead_digests_one_per_day unique,
  -- The leads received in [period_start, period_end) are new in it; period_end is when it was
  -- queued, and the next digest starts there.
  period_start timestamptz not null,
  period_end timestamptz not null,
  time_zone text not null
    constraint lead_digests_time_zone_check check (char_length(time_zone) between 1 and 100),
  -- As consultation_mails: pending (retried with backoff), sent, failed (refused for good).
  status text not null default 'pending'
    constraint lead_digests_status_check check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  constraint lead_digests_period_check check (period_start <= period_end)
);

alter table public.lead_digests enable row level security;

-- INDEXES

create index lead_digests_due_idx
  on public.lead_digests (next_attempt_at)
  where status = 'pending';

-- RLS

-- The server's job alone reads and writes it; no API role sees it (no policy, no grant).
revoke all on table public.lead_digests from anon, authenticated;
grant all on table public.lead_digests to service_role;

-- FUNCTIONS

-- Queues the digest of as_of's day in the zone once that day's send_at has come; returns the day
-- queued, or null when it is too early or the day has its digest already. The server calls it
-- every minute; tests call it with the clock they choose (time travel).
create function private.queue_lead_digest(
  as_of timestamptz default now(),
  zone text default 'Europe/Stockholm',
  send_at time default '08:00'
) returns date
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  local_time timestamp := as_of at time zone zone;
  digest_day date := local_time::date;
  previous_end timestamptz;
  queued date;
begin
  if local_time::time < send_at then
    return null;
  end if;
  if exists (select 1 from public.lead_digests d where d.day = digest_day) then
    return null;
  end if;
  select d.period_end into previous_end
    from public.lead_digests d
   where d.day < digest_day
   order by d.day desc
   limit 1;
  insert into public.lead_digests (day, period_start, period_end, time_zone, next_attempt_at)
  values (digest_day, least(coalesce(previous_end, as_of - interval '1 day'), as_of), as_of, zone,
          now())
  on conflict (day) do nothing
  returning day into queued;
  return queued;
end;
$$;

revoke all on function private.queue_lead_digest(timestamptz, text, time) from public;
