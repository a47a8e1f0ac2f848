-- The insights page reads a day's counts, not its page views (decision 19): once a Stockholm day is
-- over, the server's hourly run (private.roll_up_page_views) stores what public.site_insights needs
-- of it in public.page_view_rollups, a few hundred rows a day however many views it had, and
-- site_insights counts the rest (today, and any day changed since) from the page views themselves
-- with the same function, public.page_view_day_counts. A change to a day's page views (a late
-- write, the retention) deletes its rollups and queues it to be rolled up again.

-- TABLES

-- One day's counts per dimension, in Stockholm days:
--   page          value = path: views, and visitors who viewed it
--   source        value = source, with campaign: visits, and those that reached the booking form
--   landing_page  value = the visit's first page: visits
--   device        value = mobile, tablet or desktop: visits
--   language      value = en or sv: visits
-- A visit is a visitor's day; its source, campaign, landing page, device and language are those
-- of its first page view.
create table public.page_view_rollups (
  id bigint generated always as identity primary key,
  day date not null,
  dimension text not null
    constraint page_view_rollups_dimension_check
      check (dimension in ('page', 'source', 'landing_page', 'device', 'language')),
  value text not null,
  campaign text,
  views bigint not null default 0,
  visitors bigint not null default 0,
  booking_visitors bigint not null default 0
);

alter table public.page_view_rollups enable row level security;

-- Days whose page views changed since they were last rolled up.
create table private.page_view_days_to_roll_up (
  day date primary key,
  changed_at timestamptz not null default now()
);

insert into private.page_view_days_to_roll_up (day)
select distinct (viewed_at at time zone 'Europe/Stockholm')::date from public.page_views;

-- INDEXES

create index page_view_rollups_day_idx on public.page_view_rollups (day);

-- RLS

revoke all on table public.page_view_rollups from anon, authenticated;
grant select on table public.page_view_rollups to authenticated;
grant all on table public.page_view_rollups to service_role;

create policy "Administrators can read the daily page view counts."
  on public.page_view_rollups for select
  to authenticated
  using ((select authz.is_admin()));

-- FUNCTIONS

-- One day's counts in time_zone, from the page views (shape of public.page_view_rollups). Security
-- invoker: the page views' policy applies, so only administrators (and the roll-up) see any.
create function public.page_view_day_counts(for_day date, time_zone text)
returns table (
  dimension text,
  value text,
  campaign text,
  views bigint,
  visitors bigint,
  booking_visitors bigint
)
  language sql
  stable
  set search_path = ''
as $$
  with day_views as (
    select v.id, v.viewed_at, v.visitor, v.path, v.device, v.language, v.views,
           coalesce(nullif(lower(btrim(v.utm_source)), ''), v.referrer_host, '(direct)') as source,
           nullif(btrim(v.utm_campaign), '') as campaign,
           v.path in ('/book-call', '/sv/book-call') as booking
      from public.page_views v
     where v.viewed_at >= for_day::timestamp at time zone time_zone
       and v.viewed_at < (for_day + 1)::timestamp at time zone time_zone
  ),
  visits as (
    select (array_agg(source order by viewed_at, id))[1] as source,
           (array_agg(campaign order by viewed_at, id))[1] as campaign,
           (array_agg(path order by viewed_at, id))[1] as landing_page,
           (array_agg(device order by viewed_at, id))[1] as device,
           (array_agg(language order by viewed_at, id))[1] as language,
           bool_or(booking) as booking
      from day_views
     group by visitor
  )
  select 'page', path, null, sum(views)::bigint, count(distinct visitor), 0::bigint
    from day_views group by path
  union all
  select 'source', source, campaign, 0, count(*), count(*) filter (where booking)
    from visits group by source, campaign
  union all
  select 'landing_page', landing_page, null, 0, count(*), 0 from visits group by landing_page
  union all
  select 'device', device, null, 0, count(*), 0 from visits group by device
  union all
  select 'language', language, null, 0, count(*), 0 from visits group by language
$$;

revoke all on function public.page_view_day_counts(date, text) from public, anon;
grant execute on function public.page_view_day_counts(date, text) to authenticated, service_role;

-- Rolls up at most max_days queued days before today (Stockholm), oldest first; answers how many.
-- A day being rolled up is locked in the queue, so a write to it waits, then queues it again.
create function private.roll_up_page_views(max_days integer default 31)
returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  queued date;
  rolled integer := 0;
begin
  for queued in
    select q.day from private.page_view_days_to_roll_up q
     where q.day < (now() at time zone 'Europe/Stockholm')::date
     order by q.day
     limit max_days
       for update skip locked
  loop
    delete from private.page_view_days_to_roll_up q where q.day = queued;
    delete from public.page_view_rollups r where r.day = queued;
    insert into public.page_view_rollups
      (day, dimension, value, campaign, views, visitors, booking_visitors)
    select queued, c.dimension, c.value, c.campaign, c.views, c.visitors, c.booking_visitors
      from public.page_view_day_counts(queued, 'Europe/Stockholm') c;
    rolled := rolled + 1;
  end loop;
  return rolled;
end;
$$;

revoke all on function private.roll_up_page_views(integer) from public;

-- TRIGGERS

-- Queues the days a statement changed and forgets their rollups. The queue row is locked until the
-- write commits, so a roll-up of that day waits for it and sees its views.
create function private.queue_page_view_days() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into private.page_view_days_to_roll_up as q (day)
  select distinct (c.viewed_at at time zone 'Europe/Stockholm')::date from changed_views c
  on conflict (day) do update set changed_at = now();
  delete from public.page_view_rollups r
   where r.day in (
     select distinct (c.viewed_at at time zone 'Europe/Stockholm')::date from changed_views c);
  return null;
end;
$$;

revoke all on function private.queue_page_view_days() from public;

create trigger page_views_inserted_queue_days
  after insert on public.page_views
  referencing new table as changed_views
  for each statement execute function private.queue_page_view_days();

create trigger page_views_updated_queue_new_days
  after update on public.page_views
  referencing new table as changed_views
  for each statement execute function private.queue_page_view_days();

create trigger page_views_updated_queue_old_days
  after update on public.page_views
  referencing old table as changed_views
  for each statement execute function private.queue_page_view_days();

create trigger page_views_deleted_queue_days
  after delete on public.page_views
  referencing old table as changed_views
  for each statement execute function private.queue_page_view_days();

-- The insights of 20261125150000, read from the rollups for the days rolled up (when asked in
-- Stockholm days, as they are kept) and from the page views for the rest; the same figures.
create or replace function public.site_insights(
  period_start date,
  period_end date,
  time_zone text default 'Europe/Stockholm'
) returns jsonb
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  starts timestamptz;
  ends timestamptz;
  rolled_zone boolean := time_zone = 'Europe/Stockholm';
  result jsonb;
begin
  if not (select authz.is_admin()) then
    raise exception 'Only administrators can see the statistics.' using errcode = '42501';
  end if;
  if period_start is null or period_end is null or period_end < period_start then
    raise exception 'The period must end on or after the day it starts.' using errcode = '22023';
  end if;
  if period_end - period_start > 800 then
    raise exception 'The period can be at most 800 days (the statistics are kept 26 months).'
      using errcode = '22023';
  end if;
  if not exists (select from pg_catalog.pg_timezone_names where name = time_zone) then
    raise exception 'Unknown time zone: %', time_zone using errcode = '22023';
  end if;
  starts := period_start::timestamp at time zone time_zone;
  ends := (period_end + 1)::timestamp at time zone time_zone;

  with period_days as (
    select g::date as day
      from generate_series(period_start::timestamp, period_end::timestamp, interval '1 day') g
  ),
  rolled_days as (
    select d.day from period_days d
     where rolled_zone and exists (select from public.page_view_rollups r where r.day = d.day)
  ),
  counts as (
    select r.day, r.dimension, r.value, r.campaign, r.views, r.visitors, r.booking_visitors
      from public.page_view_rollups r
     where rolled_zone and r.day between period_start and period_end
    union all
    select d.day, c.dimension, c.value, c.campaign, c.views, c.visitors, c.booking_visitors
      from period_days d
     cross join lateral public.page_view_day_counts(d.day, time_zone) c
     where d.day not in (select day from rolled_days)
  ),
  visits as (
    select * from counts where dimension = 'source'
  ),
  leads as (
    select coalesce(
             nullif(lower(btrim(c.utm_source)), ''),
             nullif(regexp_replace(lower(substring(c.referrer
               from '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^@/?#]*@)?([^/:?#]+)')), '^www\.', ''), ''),
             '(direct)') as source,
           nullif(btrim(c.utm_campaign), '') as campaign,
           c.status
      from public.consultations c
     where c.created_at >= starts and c.created_at < ends
  ),
  visit_funnel as (
    select value as source, campaign, sum(visitors) as visitors,
           sum(booking_visitors) as booking_visitors
      from visits group by value, campaign
  ),
  lead_funnel as (
    select source, campaign, count(*) as leads,
           count(*) filter (where status in ('booked', 'won')) as booked,
           count(*) filter (where status = 'won') as won
      from leads group by source, campaign
  ),
  funnel as (
    select coalesce(v.source, l.source) as source,
           coalesce(v.campaign, l.campaign) as campaign,
           coalesce(v.visitors, 0) as visitors,
           coalesce(v.booking_visitors, 0) as booking_visitors,
           coalesce(l.leads, 0) as leads,
           coalesce(l.booked, 0) as booked,
           coalesce(l.won, 0) as won
      from visit_funnel v
      full join lead_funnel l
        on l.source = v.source and l.campaign is not distinct from v.campaign
  )
  select jsonb_build_object(
    'period', jsonb_build_object('start', period_start, 'end', period_end, 'time_zone', time_zone),
    'totals', jsonb_build_object(
      'views', (select coalesce(sum(views), 0) from counts where dimension = 'page'),
      'visitors', (select coalesce(sum(visitors), 0) from visits),
      'booking_visitors', (select coalesce(sum(booking_visitors), 0) from visits),
      'leads', (select count(*) from leads),
      'booked', (select count(*) from leads where status in ('booked', 'won')),
      'won', (select count(*) from leads where status = 'won')
    ),
    'days', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'day', d.day, 'views', coalesce(p.views, 0), 'visitors', coalesce(v.visitors, 0)
             ) order by d.day), '[]')
        from period_days d
        left join (
          select day, sum(views) as views from counts where dimension = 'page' group by day
        ) p on p.day = d.day
        left join (select day, sum(visitors) as visitors from visits group by day) v
          on v.day = d.day
    ),
    'pages', (
      select coalesce(jsonb_agg(p order by p.views desc, p.path), '[]') from (
        select value as path, sum(views) as views, sum(visitors) as visitors
          from counts where dimension = 'page'
         group by value order by views desc, value limit 10
      ) p
    ),
    'landing_pages', (
      select coalesce(jsonb_agg(p order by p.visitors desc, p.path), '[]') from (
        select value as path, sum(visitors) as visitors
          from counts where dimension = 'landing_page'
         group by value order by visitors desc, value limit 10
      ) p
    ),
    'sources', (
      select coalesce(jsonb_agg(s order by s.visitors desc, s.source), '[]') from (
        select value as source, sum(visitors) as visitors
          from visits group by value order by visitors desc, value limit 10
      ) s
    ),
    'devices', (
      select coalesce(jsonb_agg(d order by d.visitors desc, d.device), '[]') from (
        select value as device, sum(visitors) as visitors
          from counts where dimension = 'device' group by value
      ) d
    ),
    'languages', (
      select coalesce(jsonb_agg(l order by l.visitors desc, l.language), '[]') from (
        select value as language, sum(visitors) as visitors
          from counts where dimension = 'language' group by value
      ) l
    ),
    'funnel', (
      select coalesce(jsonb_agg(f order by f.visitors desc, f.leads desc, f.source, f.campaign), '[]')
        from funnel f
    )
  ) into result;
  return result;
end;
$$;
