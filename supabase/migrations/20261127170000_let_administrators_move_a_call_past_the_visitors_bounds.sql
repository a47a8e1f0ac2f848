-- An administrator moves a lead's call as often as the call needs: the visitor's online bounds (5
-- bookings and moves in all, 3 an hour, decision 22) count and bound the visitor's own changes
-- only, so the agency can always record the time it agreed with the lead by phone, and its moves
-- never use up the visitor's. The invitations stay capped per lead and hour (held, then sent as
-- the call's latest state), so the visitor is never mailed more often than before. The rest of
-- the guard (the address's bookings, the day's share, the day's turns) is unchanged.

-- FUNCTIONS

create or replace function private.guard_meeting() returns trigger
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

  -- The lead: its history counts the visitor's own bookings and moves (meeting_booked,
  -- meeting_moved without an author); an administrator's move is neither counted nor bounded.
  perform pg_advisory_xact_lock(hashtextextended('meeting-lead:' || new.consultation_id::text, 0));
  select count(*), count(*) filter (where e.created_at > now() - interval '1 hour')
    into changes_in_all, changes_this_hour
    from public.lead_events e
   where e.consultation_id = new.consultation_id
     and e.kind in ('meeting_booked', 'meeting_moved')
     and e.author_id is null;
  if not (select authz.is_admin()) and (changes_in_all >= 5 or changes_this_hour >= 3) then
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
