-- Bounds on booking the strategy call (decision 22), checked by a trigger on public.meetings, so
-- they hold whoever writes through the data API (the site's server with the service key, or any
-- other caller of the API); migrations, psql and the server's own jobs are not counted.
--   a lead       books or moves its call at most 5 times in all and 3 times within an hour
--                (each cancel-and-rebook cycle counts; cancelling is never refused)
--   an address   books at most 3 calls a day (X-Forwarded-For, which the site's server sets to
--                its visitor's address; the machine's own 127.0.0.1 and ::1 are not counted)
--   a day        calls booked or moved within the last hour by leads the team has not acted on
--                yet hold at most 20 % of the day's opening hours (in the agency's zone), and at
--                least one call: a burst of fresh leads cannot fill the coming days
-- Past a bound the write fails with PT429 (HTTP 429); its hint names the bound
-- (meetings_per_lead, meetings_per_address, meetings_share_of_day), which the site turns into
-- the visitor's message. A refused write counts for nothing.

-- TABLE

-- When each address booked in the last day: one row per address, so checking and counting is one
-- upsert whose row lock makes two bookings from one address take turns. Swept as it is written.
create table private.meeting_booking_addresses (
  client_ip text primary key,
  recent timestamptz[] not null
);

-- INDEXES

-- A lead's meetings, every one of them (meetings_one_active_per_lead holds the active one only):
-- its mails are counted through them.
create index meetings_consultation_id_idx on public.meetings (consultation_id);

-- FUNCTIONS

-- True once a team member has acted on the lead (changed its status, owner or notes): its
-- bookings are then the team's business, not a stranger's burst.
create function private.lead_is_confirmed(lead_id uuid) returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select exists (
    select 1 from public.lead_events e
     where e.consultation_id = lead_id and e.author_id is not null
  )
$$;

create function private.guard_meeting() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  headers text := nullif(current_setting('request.headers', true), '');
  ip text;
  stored integer;
  changes_in_all integer;
  changes_this_hour integer;
  zone text;
  hours jsonb;
  local_day date;
  open_minutes numeric;
  new_minutes numeric := extract(epoch from new.busy_until - new.starts_at) / 60;
  held_minutes numeric;
begin
  if new.status <> 'active' then
    return new;
  end if;
  -- An update that keeps the time (a cancel, a SEQUENCE) is not a booking.
  if tg_op = 'UPDATE' and old.status = 'active'
     and new.starts_at is not distinct from old.starts_at then
    return new;
  end if;

  -- Bookings of one day (in the agency's zone) take turns, whoever writes them: two that want
  -- the same time would otherwise each wait for the other's exclusion check, and one would fail
  -- as a deadlock (40P01) instead of meetings_no_overlap's 23P01; the day's share below is then
  -- counted by one booking at a time.
  select s.time_zone, s.weekly_hours into zone, hours from public.booking_settings s;
  -- Without saved settings, the table's defaults: weekdays 09:00-17:00 in Stockholm.
  zone := coalesce(zone, 'Europe/Stockholm');
  local_day := (new.starts_at at time zone zone)::date;
  perform pg_advisory_xact_lock(hashtextextended('meeting-day:' || local_day::text, 0));

  -- Only the data API's callers are bounded.
  if headers is null then
    return new;
  end if;

  -- The lead: its history counts every booking and move (meeting_booked, meeting_moved).
  perform pg_advisory_xact_lock(hashtextextended('meeting-lead:' || new.consultation_id::text, 0));
  select count(*), count(*) filter (where e.created_at > now() - interval '1 hour')
    into changes_in_all, changes_this_hour
    from public.lead_events e
   where e.consultation_id = new.consultation_id
     and e.kind in ('meeting_booked', 'meeting_moved');
  if changes_in_all >= 5 or changes_this_hour >= 3 then
    raise exception using
      errcode = 'PT429',
      message = 'This call has been booked or moved as many times as can be done online.',
      hint = 'meetings_per_lead';
  end if;

  -- The address: new bookings only (a move is the lead's).
  ip := nullif(btrim(split_part(headers::json ->> 'x-forwarded-for', ',', 1)), '');
  if tg_op = 'INSERT' and ip is not null and ip not in ('127.0.0.1', '::1') then
    delete from private.meeting_booking_addresses
     where recent[cardinality(recent)] < now() - interval '1 day';
    insert into private.meeting_booking_addresses as r (client_ip, recent)
    values (ip, array[now()])
    on conflict (client_ip) do update
      set recent = array(
        select t from unnest(r.recent) t where t > now() - interval '1 day'
      ) || now()
    returning cardinality(r.recent) into stored;
    if stored > 3 then
      raise exception using
        errcode = 'PT429',
        message = 'Too many calls were booked from your network today.',
        hint = 'meetings_per_address';
    end if;
  end if;

  -- The day: a lead the team has acted on is not part of a burst, and a time already taken is
  -- left to meetings_no_overlap, whose 23P01 tells the visitor so.
  if private.lead_is_confirmed(new.consultation_id) or exists (
    select 1 from public.meetings m
     where m.status = 'active' and m.id <> new.id
       and tstzrange(m.starts_at, m.busy_until) && tstzrange(new.starts_at, new.busy_until)
  ) then
    return new;
  end if;
  if hours is null then
    open_minutes := case when extract(isodow from local_day) <= 5 then 480 else 0 end;
  else
    select coalesce(sum((h ->> 'end')::numeric - (h ->> 'start')::numeric), 0)
      into open_minutes
      from jsonb_array_elements(
        coalesce(hours -> extract(isodow from local_day)::text, '[]'::jsonb)) h;
  end if;
  select coalesce(sum(extract(epoch from m.busy_until - m.starts_at) / 60), 0)
    into held_minutes
    from public.meetings m
   where m.status = 'active'
     and m.id <> new.id
     and m.updated_at > now() - interval '1 hour'
     and m.starts_at >= (local_day::timestamp at time zone zone)
     and m.starts_at < ((local_day + 1)::timestamp at time zone zone)
     and not private.lead_is_confirmed(m.consultation_id);
  if held_minutes > 0 and held_minutes + new_minutes > open_minutes * 0.2 then
    raise exception using
      errcode = 'PT429',
      message = 'Many calls were booked in the last hour: this day takes no more online bookings just now.',
      hint = 'meetings_share_of_day';
  end if;
  return new;
end;
$$;

revoke all on function private.lead_is_confirmed(uuid), private.guard_meeting() from public;

-- TRIGGERS

create trigger meetings_guard
  before insert or update of starts_at, status on public.meetings
  for each row execute function private.guard_meeting();
