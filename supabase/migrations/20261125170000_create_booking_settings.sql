-- When the agency takes meetings (docs/decisions/0018): weekly hours in its time zone, the
-- meeting's length, the buffer between meetings, the minimum notice, how far ahead, blocked dates,
-- Swedish public holidays it opens, a fixed video-meeting link, and the secret of its calendar
-- feed. One row, written by an administrator in /admin/availability; until it exists the site uses
-- the defaults below (app/data/booking-settings.ts says the same). The site's server reads it with
-- the service key to offer free times; visitors never read it through the API.

-- TABLE

create table public.booking_settings (
  -- Always true: the table holds one row at most.
  id boolean primary key default true
    constraint booking_settings_single_row check (id),
  time_zone text not null default 'Europe/Stockholm',
  -- {"1": [{"start": 540, "end": 720}, …], …, "7": []}: ISO weekday → opening hours in minutes
  -- after midnight (end exclusive), checked by the trigger below.
  weekly_hours jsonb not null default '{
    "1": [{"start": 540, "end": 1020}], "2": [{"start": 540, "end": 1020}],
    "3": [{"start": 540, "end": 1020}], "4": [{"start": 540, "end": 1020}],
    "5": [{"start": 540, "end": 1020}], "6": [], "7": []
  }',
  meeting_minutes integer not null default 30
    constraint booking_settings_meeting_minutes_check check (meeting_minutes between 10 and 240),
  buffer_minutes integer not null default 15
    constraint booking_settings_buffer_minutes_check check (buffer_minutes between 0 and 240),
  minimum_notice_minutes integer not null default 240
    constraint booking_settings_minimum_notice_minutes_check
      check (minimum_notice_minutes between 0 and 43200),
  horizon_days integer not null default 21
    constraint booking_settings_horizon_days_check check (horizon_days between 1 and 365),
  blocked_dates date[] not null default '{}'
    constraint booking_settings_blocked_dates_check check (cardinality(blocked_dates) <= 1000),
  opened_holidays date[] not null default '{}'
    constraint booking_settings_opened_holidays_check check (cardinality(opened_holidays) <= 200),
  meeting_link text
    constraint booking_settings_meeting_link_check
      check (char_length(meeting_link) <= 500
        and meeting_link ~ '^https://[^[:space:]/]+\.[^[:space:]/]+(/[^[:space:]]*)?$'),
  -- The private calendar feed's secret (/calendar/<token>.ics); a new one voids the old URL.
  calendar_feed_token text not null default encode(sha256(gen_random_uuid()::text::bytea), 'hex')
    constraint booking_settings_calendar_feed_token_check
      check (calendar_feed_token ~ '^[0-9a-f]{64}$'),
  updated_at timestamptz not null default now()
);

alter table public.booking_settings enable row level security;

-- FUNCTIONS

-- The checks a column constraint cannot make: a known time zone, and weekly hours of the right
-- shape (seven weekdays, each a list of non-overlapping start < end minutes within the day).
create function private.check_booking_settings() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  weekday text;
  hours jsonb;
  previous_end integer;
  interval_start integer;
  interval_end integer;
begin
  if not exists (select from pg_catalog.pg_timezone_names where name = new.time_zone) then
    raise exception 'Unknown time zone: %', new.time_zone
      using errcode = '23514', constraint = 'booking_settings_time_zone_check';
  end if;
  if jsonb_typeof(new.weekly_hours) <> 'object'
     or (select count(*) from jsonb_object_keys(new.weekly_hours)) <> 7
     or exists (select from jsonb_object_keys(new.weekly_hours) k
                 where k not in ('1', '2', '3', '4', '5', '6', '7')) then
    raise exception 'Weekly hours name each weekday 1 (Monday) to 7 (Sunday) once.'
      using errcode = '23514', constraint = 'booking_settings_weekly_hours_check';
  end if;
  for weekday, hours in select key, value from jsonb_each(new.weekly_hours) loop
    if jsonb_typeof(hours) <> 'array' or jsonb_array_length(hours) > 6 then
      raise exception 'Each weekday has a list of at most 6 opening intervals.'
        using errcode = '23514', constraint = 'booking_settings_weekly_hours_check';
    end if;
    previous_end := -1;
    for interval_start, interval_end in
      select (h ->> 'start')::integer, (h ->> 'end')::integer
        from jsonb_array_elements(hours) as h
       order by (h ->> 'start')::integer
    loop
      if interval_start is null or interval_end is null or interval_start < 0
         or interval_end > 1440 or interval_start >= interval_end
         or interval_start < previous_end then
        raise exception 'Opening hours must start before they end, within the day, without overlapping (weekday %).', weekday
          using errcode = '23514', constraint = 'booking_settings_weekly_hours_check';
      end if;
      previous_end := interval_end;
    end loop;
  end loop;
  new.updated_at := now();
  return new;
end;
$$;

revoke all on function private.check_booking_settings() from public;

-- TRIGGERS

create trigger booking_settings_check
  before insert or update on public.booking_settings
  for each row execute function private.check_booking_settings();

-- RLS

revoke all on table public.booking_settings from anon, authenticated;
grant select, insert, update on table public.booking_settings to authenticated;
grant all on table public.booking_settings to service_role;

create policy "Administrators can read the booking settings."
  on public.booking_settings for select
  to authenticated
  using ((select authz.is_admin()));

create policy "Administrators can save the booking settings."
  on public.booking_settings for insert
  to authenticated
  with check ((select authz.is_admin()));

create policy "Administrators can change the booking settings."
  on public.booking_settings for update
  to authenticated
  using ((select authz.is_admin()))
  with check ((select authz.is_admin()));

create policy "Members with an authenticator app confirm it before changing the booking settings."
  on public.booking_settings as restrictive
  for all
  to authenticated
  using ((select authz.second_factor_satisfied()))
  with check ((select authz.second_factor_satisfied()));
