-- The strategy calls visitors book right after sending the form. One active meeting
-- per lead; two active meetings never overlap, buffer included: an exclusion constraint decides
-- between two visitors who choose the same time at the same moment, so exactly one gets it (the
-- other's insert fails with 23P01 and is offered the next free times). The site's server writes
-- meetings with the service key, after checking the visitor's signed token; administrators read
-- them. Cancelled meetings are kept (the lead's history, the calendar's cancellations).

-- TABLE

create table public.meetings (
  id uuid primary key default gen_random_uuid(),
  consultation_id uuid not null references public.consultations (id) on delete cascade,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  -- The end of the time the meeting keeps free: its end plus the buffer when it was booked.
  busy_until timestamptz not null,
  status text not null default 'active'
    constraint meetings_status_check check (status in ('active', 'cancelled')),
  -- iCalendar's SEQUENCE: raised with every change the invitations announce (moved, cancelled).
  sequence integer not null default 0
    constraint meetings_sequence_check check (sequence >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint meetings_time_check check (starts_at < ends_at and ends_at <= busy_until),
  constraint meetings_no_overlap
    exclude using gist (tstzrange(starts_at, busy_until) with &&) where (status = 'active')
);

alter table public.meetings enable row level security;

-- INDEXES

create unique index meetings_one_active_per_lead
  on public.meetings (consultation_id) where status = 'active';
create index meetings_starts_at_idx on public.meetings (starts_at);

-- TRIGGERS

create function private.touch_meeting() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

revoke all on function private.touch_meeting() from public;

create trigger meetings_touch
  before update on public.meetings
  for each row execute function private.touch_meeting();

-- RLS

revoke all on table public.meetings from anon, authenticated;
grant select on table public.meetings to authenticated;
grant all on table public.meetings to service_role;

create policy "Administrators can see the meetings."
  on public.meetings for select
  to authenticated
  using ((select authz.is_admin()));

create policy "Members with an authenticator app confirm it before seeing meetings."
  on public.meetings as restrictive
  for all
  to authenticated
  using ((select authz.second_factor_satisfied()))
  with check ((select authz.second_factor_satisfied()));
