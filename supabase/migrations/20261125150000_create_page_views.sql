-- Statistics that need no consent (docs/decisions/0016): the site server counts page views itself,
-- first party and without cookies, as Plausible does. Nothing personal is stored: no IP address, no
-- user agent, no identifier that outlives the day. A visitor is a hash of the day's random salt,
-- the address and the browser; each salt is deleted once its day is over, after which no one (the
-- agency included) can link a hash to an address or to the same visitor on another day. Kept 26
-- months, as the privacy policy says. Only administrators read them, through public.site_insights()
-- (/admin/insights); only the server writes them.

-- TABLES

create table public.page_views (
  id bigint generated always as identity primary key,
  viewed_at timestamptz not null default now(),
  -- The day's salted hash of address and browser: 16 hex digits, meaningless once the salt is gone.
  visitor text not null
    constraint page_views_visitor_check check (visitor ~ '^[0-9a-f]{16}$'),
  -- The page's path, without its query string.
  path text not null
    constraint page_views_path_check check (path ~ '^/' and char_length(path) <= 300),
  -- Another site's host that linked here (www. left out); null for direct visits and internal links.
  referrer_host text
    constraint page_views_referrer_host_check check (char_length(referrer_host) <= 253),
  utm_source text
    constraint page_views_utm_source_check check (char_length(utm_source) <= 300),
  utm_medium text
    constraint page_views_utm_medium_check check (char_length(utm_medium) <= 300),
  utm_campaign text
    constraint page_views_utm_campaign_check check (char_length(utm_campaign) <= 300),
  language text not null
    constraint page_views_language_check check (language in ('en', 'sv')),
  device text not null
    constraint page_views_device_check check (device in ('mobile', 'tablet', 'desktop')),
  -- The same visitor viewing the same page the same way within one write (a few seconds) is one
  -- row: a reload storm costs a counter, not a row per request.
  views integer not null default 1
    constraint page_views_views_check check (views >= 1)
);

alter table public.page_views enable row level security;

-- The day's salt: one random value per day, shared by every server writing to this database.
create table private.visit_salts (
  day date primary key,
  salt text not null
);

-- INDEXES

create index page_views_viewed_at_idx on public.page_views (viewed_at);

-- RLS

revoke all on table public.page_views from anon, authenticated;
grant select on table public.page_views to authenticated;
grant all on table public.page_views to service_role;

create policy "Administrators can read the page views."
  on public.page_views for select
  to authenticated
  using ((select authz.is_admin()));

-- FUNCTIONS

-- Page views past 26 months, and every salt whose day is over. The server runs it hourly.
create function private.delete_old_page_views(as_of timestamptz default now())
returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  deleted integer;
begin
  delete from public.page_views where viewed_at < as_of - interval '26 months';
  get diagnostics deleted = row_count;
  delete from private.visit_salts
    where day < (as_of at time zone 'Europe/Stockholm')::date;
  return deleted;
end;
$$;

revoke all on function private.delete_old_page_views(timestamptz) from public;

-- The insights page's numbers for the days from period_start to period_end (inclusive) in
-- time_zone: visits over time, top pages, landing pages and sources, devices and languages, and
-- the funnel per source and campaign: visitors → booking-form views → leads → booked → won.
-- A visitor is counted once a day (the hash changes daily), so "visitors" over a period is the
-- sum of each day's. A visit's source and campaign are those of its first page view that day;
-- a lead's are those stored with it. A source is the campaign's utm_source (lowercase), else the
-- referring site's host without www., else (direct): the server stores page views' referrer hosts
-- that way (server/product/visits/page-view.ts). Booked counts leads now booked or won; won, those won.
-- Security invoker: the tables' own policies apply, and the check below names the reason.
create function public.site_insights(
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

  with views as (
    select v.*,
           (v.viewed_at at time zone time_zone)::date as day,
           coalesce(nullif(lower(btrim(v.utm_source)), ''), v.referrer_host, '(direct)') as source,
           v.path in ('/book-call', '/sv/book-call') as booking
      from public.page_views v
     where v.viewed_at >= starts and v.viewed_at < ends
  ),
  visits as (
    select day, visitor,
           (array_agg(source order by viewed_at, id))[1] as source,
           (array_agg(nullif(btrim(utm_campaign), '') order by viewed_at, id))[1] as campaign,
           (array_agg(path order by viewed_at, id))[1] as landing_page,
           (array_agg(device order by viewed_at, id))[1] as device,
           (array_agg(language order by viewed_at, id))[1] as language,
           bool_or(booking) as booking
      from views
     group by day, visitor
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
    select source, campaign, count(*) as visitors, count(*) filter (where booking) as booking_visitors
      from visits group by source, campaign
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
      'views', (select coalesce(sum(views), 0) from views),
      'visitors', (select count(*) from visits),
      'booking_visitors', (select count(*) from visits where booking),
      'leads', (select count(*) from leads),
      'booked', (select count(*) from leads where status in ('booked', 'won')),
      'won', (select count(*) from leads where status = 'won')
    ),
    'days', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'day', d.day, 'views', coalesce(v.views, 0), 'visitors', coalesce(v.visitors, 0)
             ) order by d.day), '[]')
        from (select g::date as day
                from generate_series(period_start::timestamp, period_end::timestamp, interval '1 day') g) d
        left join (
          select day, sum(views) as views, count(distinct visitor) as visitors from views group by day
        ) v on v.day = d.day
    ),
    'pages', (
      select coalesce(jsonb_agg(p order by p.views desc, p.path), '[]') from (
        select path, sum(views) as views, count(distinct (day, visitor)) as visitors
          from views group by path order by views desc, path limit 10
      ) p
    ),
    'landing_pages', (
      select coalesce(jsonb_agg(p order by p.visitors desc, p.path), '[]') from (
        select landing_page as path, count(*) as visitors
          from visits group by landing_page order by visitors desc, landing_page limit 10
      ) p
    ),
    'sources', (
      select coalesce(jsonb_agg(s order by s.visitors desc, s.source), '[]') from (
        select source, count(*) as visitors
          from visits group by source order by visitors desc, source limit 10
      ) s
    ),
    'devices', (
      select coalesce(jsonb_agg(d order by d.visitors desc, d.device), '[]') from (
        select device, count(*) as visitors from visits group by device
      ) d
    ),
    'languages', (
      select coalesce(jsonb_agg(l order by l.visitors desc, l.language), '[]') from (
        select language, count(*) as visitors from visits group by language
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

revoke all on function public.site_insights(date, date, text) from public;
grant execute on function public.site_insights(date, date, text) to authenticated;
